export { useDepartments } from './api.ts';
export { PersonSelect, usePersonSearch } from './components/person-select.tsx';
