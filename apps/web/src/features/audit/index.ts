/** What the rest of the app uses of 审计日志: its two pages under 系统管理, and an object's 最近修改. */
export { RecentChanges, RecentChangesSection, useCanReadAudit } from './components/recent-changes.tsx';
export { auditRoutes } from './routes.tsx';
