/** What the rest of the app uses of 审计日志: its two pages under 系统管理. */
export { auditRoutes } from './routes.tsx';
