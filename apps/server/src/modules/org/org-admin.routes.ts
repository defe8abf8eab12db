import {
  LOGO_MAX_KB,
  orgEndpoints,
  toDepartmentWire,
  toRoleDetailWire,
  toSystemSettingWire,
  toUserTypeWire,
  toUserWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { OrgAdminService } from './org-admin.service.ts';

/** 系统管理: every route needs its administration action, whatever menus the caller has. */
export function registerOrgAdminRoutes(router: Router, deps: { orgAdmin: OrgAdminService }) {
  const admin = deps.orgAdmin;
  const manageUsers = access.action('org.user.manage');
  const manageRoles = access.action('org.role.manage');
  const manageDepartments = access.action('org.department.manage');
  const manageSettings = access.action('org.setting.manage');

  router.route(orgEndpoints.adminUsers, manageUsers, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return toWirePage(await admin.users({ filter, paging: { pageNum, pageSize } }), query, toUserWire);
  });
  router.route(orgEndpoints.adminCreateUser, manageUsers, async ({ actor, body }) =>
    toUserWire(await admin.createUser({ actor, data: body })),
  );
  router.route(orgEndpoints.adminUpdateUser, manageUsers, async ({ actor, params, body }) =>
    toUserWire(await admin.updateUser({ actor, id: params.id, data: body })),
  );
  router.route(orgEndpoints.adminDisableUser, manageUsers, async ({ actor, params, body }) =>
    toUserWire(await admin.setUserDisabled({ actor, id: params.id, disabled: body.disabled })),
  );
  router.route(orgEndpoints.adminResetPassword, manageUsers, async ({ actor, params, body }) => {
    await admin.resetPassword({ actor, id: params.id, password: body.password });
    return null;
  });

  router.route(orgEndpoints.adminRoles, manageRoles, async ({ query }) =>
    toWirePage(await admin.roles({ keyword: query.keyword, paging: query }), query, toRoleDetailWire),
  );
  router.route(orgEndpoints.adminCreateRole, manageRoles, async ({ actor, body }) =>
    toRoleDetailWire(await admin.createRole({ actor, data: body })),
  );
  router.route(orgEndpoints.adminUpdateRole, manageRoles, async ({ actor, params, body }) =>
    toRoleDetailWire(await admin.updateRole({ actor, id: params.id, data: body })),
  );
  router.route(orgEndpoints.adminDeleteRole, manageRoles, async ({ actor, params }) => {
    await admin.deleteRole({ actor, id: params.id });
    return null;
  });

  router.route(orgEndpoints.adminCreateDepartment, manageDepartments, async ({ actor, body }) =>
    toDepartmentWire(await admin.createDepartment({ actor, data: body })),
  );
  router.route(orgEndpoints.adminUpdateDepartment, manageDepartments, async ({ actor, params, body }) =>
    toDepartmentWire(await admin.updateDepartment({ actor, id: params.id, data: body })),
  );
  router.route(orgEndpoints.adminDeleteDepartment, manageDepartments, async ({ actor, params }) => {
    await admin.deleteDepartment({ actor, id: params.id });
    return null;
  });

  router.route(orgEndpoints.adminCreateUserType, manageDepartments, async ({ actor, body }) =>
    toUserTypeWire(await admin.createUserType({ actor, userTypeName: body.userTypeName })),
  );
  router.route(orgEndpoints.adminUpdateUserType, manageDepartments, async ({ actor, params, body }) =>
    toUserTypeWire(await admin.updateUserType({ actor, id: params.id, userTypeName: body.userTypeName })),
  );
  router.route(orgEndpoints.adminDeleteUserType, manageDepartments, async ({ actor, params }) => {
    await admin.deleteUserType({ actor, id: params.id });
    return null;
  });

  router.route(orgEndpoints.adminUpdateSystemSetting, manageSettings, async ({ actor, params, body }) =>
    toSystemSettingWire(
      await admin.updateSystemName({ actor, appId: params.appId, systemName: body.systemName }),
    ),
  );
  router.route(orgEndpoints.adminUpdateFeatureFlags, manageSettings, async ({ actor, params, body }) =>
    toSystemSettingWire(
      await admin.updateFeatureFlags({
        actor,
        appId: params.appId,
        annualTargetBreakdown: body.annualTargetBreakdown,
      }),
    ),
  );
  router.route(orgEndpoints.adminUpdateTimeZone, manageSettings, async ({ actor, params, body }) =>
    toSystemSettingWire(await admin.updateTimeZone({ actor, appId: params.appId, timeZone: body.timeZone })),
  );
  router.route(orgEndpoints.adminUploadLogo, manageSettings, async ({ actor, params, request }) => {
    const file = await readSingleFile(request, LOGO_MAX_KB * 1024);
    return toSystemSettingWire(await admin.uploadLogo({ actor, appId: params.appId, file }));
  });
}
