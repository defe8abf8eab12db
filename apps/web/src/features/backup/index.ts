/** What the rest of the app uses of 备份与恢复: its page under 系统管理. */
export { backupRoutes } from './routes.tsx';
