import {
  AVATAR_MAX_KB,
  orgEndpoints,
  toDepartmentWire,
  toRoleWire,
  toSessionUserWire,
  toShortNameWire,
  toSystemSettingWire,
  toUserTypeWire,
  toUserWire,
  UseDefaultPortraitBodySchema,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import { validate } from '../../platform/validation.ts';
import type { OrgService } from './org.service.ts';

export function registerOrgRoutes(router: Router, services: { org: OrgService }) {
  const { org } = services;
  router.publicRoute(orgEndpoints.systemSetting, async ({ params }) =>
    toSystemSettingWire(await org.systemSetting(params.appId)),
  );

  router.route(orgEndpoints.rolesByApplication, access.signedIn, async ({ query }) =>
    toWirePage(await org.rolesByApplication(query.appId, query), query, toRoleWire),
  );
  router.route(orgEndpoints.roles, access.signedIn, async ({ query }) =>
    toWirePage(await org.roles(query), query, toRoleWire),
  );
  router.route(orgEndpoints.roleUsers, access.signedIn, async ({ params }) =>
    (await org.roleUsers(params.id)).map(toUserWire),
  );

  router.route(orgEndpoints.userRelationInfo, access.signedIn, async ({ actor }) =>
    toUserWire(await org.userById(actor.userId)),
  );
  router.route(orgEndpoints.commonUsers, access.signedIn, async ({ query }) =>
    toWirePage(await org.commonUsers(query, query), query, toUserWire),
  );
  router.route(orgEndpoints.userById, access.signedIn, async ({ params }) =>
    toUserWire(await org.userById(params.id)),
  );

  router.route(orgEndpoints.departments, access.signedIn, async ({ query }) =>
    toWirePage(await org.departments(query.keyword, query), query, toDepartmentWire),
  );
  router.route(orgEndpoints.departmentShortNames, access.signedIn, async ({ query }) =>
    toWirePage(await org.departments(query.keyword, query), query, toShortNameWire),
  );
  router.route(orgEndpoints.userTypes, access.signedIn, async ({ query }) =>
    toWirePage(await org.userTypes(query), query, toUserTypeWire),
  );

  router.route(orgEndpoints.updatePersonalInfo, access.signedIn, async ({ actor, body }) =>
    toSessionUserWire(await org.updatePersonalInfo(actor, body)),
  );
  router.route(orgEndpoints.updatePassword, access.signedIn, async ({ actor, body }) => {
    await org.updatePassword(actor, body);
    return null;
  });
  router.route(orgEndpoints.changePortrait, access.signedIn, async ({ actor, request }) => {
    const file = await readSingleFile(request, AVATAR_MAX_KB * 1024);
    const fields = file ? file.fields : (request.body ?? {});
    const { useDefault } = validate(UseDefaultPortraitBodySchema, fields);
    return toSessionUserWire(await org.changePortrait(actor, { file, useDefault: useDefault ?? false }));
  });
}
