import {
  AVATAR_MAX_KB,
  orgEndpoints,
  toDepartmentWire,
  toDirectoryUserWire,
  toRoleWire,
  toSessionUserWire,
  toShortNameWire,
  toSystemSettingWire,
  toUserTypeWire,
  toUserWire,
  UseDefaultPortraitBodySchema,
  type UserSummary,
} from '@eduqa/contract';
import { type Actor, access } from '../../platform/access.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import { validate } from '../../platform/validation.ts';
import { type OrgService, seesPrivateDetails } from './org.service.ts';

/** Each user of an answer as this caller may see him: in full, or names and departments only. */
const userWireFor = (actor: Actor) => (user: UserSummary) =>
  seesPrivateDetails(actor, user.id) ? toUserWire(user) : toDirectoryUserWire(user);

export function registerOrgRoutes(router: Router, deps: { org: OrgService }) {
  const { org } = deps;
  router.publicRoute(orgEndpoints.systemSetting, async ({ params }) =>
    toSystemSettingWire(await org.systemSetting(params.appId)),
  );

  router.route(orgEndpoints.rolesByApplication, access.signedIn, async ({ query }) =>
    toWirePage(await org.rolesByApplication(query.appId, query), query, toRoleWire),
  );
  router.route(orgEndpoints.roles, access.signedIn, async ({ query }) =>
    toWirePage(await org.roles(query), query, toRoleWire),
  );
  router.route(orgEndpoints.roleUsers, access.signedIn, async ({ actor, params }) =>
    (await org.roleUsers(params.id)).map(userWireFor(actor)),
  );

  router.route(orgEndpoints.userRelationInfo, access.signedIn, async ({ actor }) =>
    userWireFor(actor)(await org.userById(actor.userId)),
  );
  router.route(orgEndpoints.commonUsers, access.signedIn, async ({ actor, query }) =>
    toWirePage(await org.commonUsers(query, query), query, userWireFor(actor)),
  );
  router.route(orgEndpoints.userById, access.signedIn, async ({ actor, params }) =>
    userWireFor(actor)(await org.userById(params.id)),
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
