import {
  schoolEndpoints as E,
  schoolFutureTasks,
  toDoubleHighSchoolWire,
  toSchoolHistoryWire,
  toSchoolOptionsWire,
  toSchoolScreenWire,
  toSchoolWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { DoubleHighService } from './double-high.service.ts';
import type { SchoolTransfer } from './schools.import.ts';
import type { SchoolsService } from './schools.service.ts';

/**
 * 高校名录、常用查询与双高 (spec 2 §7.1). Reads need a session and are checked in the service (智能分析 or
 * 数据大屏); the caller's own settings and histories need 智能分析; the directory and the own school
 * change with 智能分析维护.
 */
export function registerSchoolRoutes(
  router: Router,
  deps: { schools: SchoolsService; doubleHigh: DoubleHighService; transfer: SchoolTransfer; jobs: Jobs },
) {
  const { schools, doubleHigh, transfer, jobs } = deps;
  const read = access.signedIn;
  const mine = access.menu('analysis');
  const manage = access.action('analysis.manage');

  router.route(E.queryAllList, read, async ({ actor }) => toSchoolOptionsWire(await schools.options(actor)));
  router.route(E.querySchoolList, read, async ({ actor, query }) =>
    toWirePage(
      await schools.page(actor, {
        filter: {
          keyword: query.keyword ?? '',
          provinces: query.province ?? [],
          natures: query.nature ?? [],
          levels: query.level ?? [],
        },
        paging: query,
      }),
      query,
      toSchoolWire,
    ),
  );
  router.route(E.querySchoolScreen, mine, async ({ actor }) =>
    toSchoolScreenWire(await schools.screenSetting(actor)),
  );
  router.route(E.updateSchoolScreen, mine, async ({ actor, body }) =>
    toSchoolScreenWire(
      await schools.saveScreenSetting(actor, {
        levels: body.schoolLevel,
        natures: body.schoolNature,
        provinces: body.schoolProvince,
      }),
    ),
  );
  router.route(E.querySchoolHistory, mine, async ({ actor, query }) =>
    (await schools.histories(actor, query.limit)).map(toSchoolHistoryWire),
  );
  router.route(E.saveSchoolHistory, mine, async ({ actor, body }) =>
    toSchoolHistoryWire(
      await schools.saveHistory(actor, {
        name: body.name,
        filter: {
          keyword: body.keyword,
          provinces: body.schoolProvince,
          natures: body.schoolNature,
          levels: body.schoolLevel,
        },
        schoolCodes: body.schoolCodes,
      }),
    ),
  );
  router.route(E.deleteSchoolHistory, mine, async ({ actor, body }) => {
    await schools.deleteHistory(actor, body.id);
    return null;
  });
  router.route(E.queryOwnSchool, read, async ({ actor }) => {
    const own = await schools.ownSchool(actor);
    return own && toSchoolWire(own);
  });
  router.route(E.updateOwnSchool, manage, async ({ actor, body }) =>
    toSchoolWire(await schools.setOwnSchool(actor, body.schoolCode)),
  );

  router.route(E.schoolTemplate, manage, async ({ actor, reply }) => {
    sendWorkbook(reply, '高校名录导入模板.xlsx', await transfer.template(actor));
  });
  registerImportJobRoutes(router, {
    futureTasks: schoolFutureTasks,
    jobs,
    access: manage,
    imports: [{ start: E.importSchoolList, importer: transfer.schoolImport }],
  });

  router.route(E.doubleHighYears, read, async ({ actor }) => doubleHigh.rounds(actor));
  router.route(E.doubleHighSchools, read, async ({ actor, query }) =>
    (await doubleHigh.schools(actor, query)).map(toDoubleHighSchoolWire),
  );
}
