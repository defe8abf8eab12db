export * from '../modules/auth/auth.table.ts';
export * from '../modules/diagnosis/diagnosis.table.ts';
export * from '../modules/files/files.table.ts';
export * from '../modules/goals/annual.table.ts';
export * from '../modules/goals/goals.table.ts';
export * from '../modules/goals/reports.table.ts';
export * from '../modules/org/org.table.ts';
export * from '../modules/standards/standards.table.ts';
