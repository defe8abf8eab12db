/** What other parts of 智能分析 use of the school directory: the selection modal, its type and the reads. */
export {
  fetchSchoolPage,
  schoolKeys,
  useDoubleHighSchools,
  useDoubleHighYears,
  useOwnSchool,
  useSchoolDirectory,
  useSchoolOptions,
} from './api.ts';
export { SchoolSelectModal, type SchoolSelectModalProps } from './components/school-select-modal.tsx';
export { SchoolSettingsDialog } from './components/school-settings-dialog.tsx';
