export { useDepartments } from './api.ts';
export { DepartmentTreeSelect } from './components/department-tree-select.tsx';
export { PersonSelect, usePersonSearch } from './components/person-select.tsx';
