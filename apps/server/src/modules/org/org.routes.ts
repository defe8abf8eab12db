import {
  AVATAR_MAX_KB,
  departmentToWire,
  orgEndpoints,
  type PagingQuery,
  roleToWire,
  sessionUserToWire,
  shortNameToWire,
  systemSettingToWire,
  toPage,
  UseDefaultPortraitBodySchema,
  userToWire,
  userTypeToWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import type { Router } from '../../platform/route.ts';
import { validate } from '../../platform/validation.ts';
import type { OrgService } from './org.service.ts';

const mapPage = <T, W>(page: { records: T[]; total: number }, paging: PagingQuery, map: (item: T) => W) =>
  toPage(page.records.map(map), page.total, paging);

export function registerOrgRoutes(router: Router, org: OrgService) {
  router.publicRoute(orgEndpoints.systemSetting, async ({ params }) =>
    systemSettingToWire(await org.systemSetting(params.appId)),
  );

  router.route(orgEndpoints.rolesByApplication, access.signedIn, async ({ query }) =>
    mapPage(await org.rolesByApplication(query.appId, query), query, roleToWire),
  );
  router.route(orgEndpoints.roles, access.signedIn, async ({ query }) =>
    mapPage(await org.roles(query), query, roleToWire),
  );
  router.route(orgEndpoints.roleUsers, access.signedIn, async ({ params }) =>
    (await org.roleUsers(params.id)).map(userToWire),
  );

  router.route(orgEndpoints.userRelationInfo, access.signedIn, async ({ actor }) =>
    userToWire(await org.userById(actor.userId)),
  );
  router.route(orgEndpoints.commonUsers, access.signedIn, async ({ query }) =>
    mapPage(await org.commonUsers(query, query), query, userToWire),
  );
  router.route(orgEndpoints.userById, access.signedIn, async ({ params }) =>
    userToWire(await org.userById(params.id)),
  );

  router.route(orgEndpoints.departments, access.signedIn, async ({ query }) =>
    mapPage(await org.departments(query.keyword, query), query, departmentToWire),
  );
  router.route(orgEndpoints.departmentShortNames, access.signedIn, async ({ query }) =>
    mapPage(await org.departments(query.keyword, query), query, shortNameToWire),
  );
  router.route(orgEndpoints.userTypes, access.signedIn, async ({ query }) =>
    mapPage(await org.userTypes(query), query, userTypeToWire),
  );

  router.route(orgEndpoints.updatePersonalInfo, access.signedIn, async ({ actor, body }) =>
    sessionUserToWire(await org.updatePersonalInfo(actor, body)),
  );
  router.route(orgEndpoints.updatePassword, access.signedIn, async ({ actor, body }) => {
    await org.updatePassword(actor, body);
    return null;
  });
  router.route(orgEndpoints.changePortrait, access.signedIn, async ({ actor, request }) => {
    const file = await readSingleFile(request, AVATAR_MAX_KB * 1024);
    const fields = file ? file.fields : (request.body ?? {});
    const { useDefault } = validate(UseDefaultPortraitBodySchema, fields);
    return sessionUserToWire(await org.changePortrait(actor, { file, useDefault: useDefault ?? false }));
  });
}
