import { fromSessionUserWire, ROLE_IDS } from '@eduqa/contract';
import { useSession } from '../../shell/session/index.ts';
import { taskPageTypeFor } from './task-source.ts';

/** The caller as the report screens need him: the departments he heads, administrator or not. */
export function useReportUser() {
  const { user, menus } = useSession();
  const me = user ? fromSessionUserWire(user) : null;
  const headedDepartments = me?.headedDepartments ?? [];
  const actions = me?.actions ?? [];
  return {
    /** The departments the user heads (id, name, head), in the session's order: the first is the default. */
    headedDepartments,
    /** 印章 are the system administrator's (zyadmin, or whoever holds the system menu). */
    isAdmin: 'system' in menus || (user?.roleIdList ?? []).includes(ROLE_IDS.admin),
    /** 报告模板 and 报告封面 are the diagnosis publishers' to change (the server's requireManager). */
    canManageLibrary: actions.includes('diagnosis.manage'),
    taskPageType: taskPageTypeFor({ actions, headsDepartment: headedDepartments.length > 0 }),
  };
}
