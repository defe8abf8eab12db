import { constantFutureTasks, formsEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { readImportUpload } from '../../platform/jobs/excel-import.ts';
import { registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { ConstantsImport } from './constants.import.ts';
import type { ConstantsService } from './constants.service.ts';

/**
 * 数据采集 › 常量. Reading needs the 数据采集 menu (a filler's select shows the options); changing
 * constants needs 数据管理, as designing forms does. The import answers at once on the spec's path
 * (importNow) and as a job polled under datas/constant/ (the import dialog's way).
 */
export function registerConstantsRoutes(
  router: Router,
  deps: { constants: ConstantsService; excel: ConstantsImport; jobs: Jobs },
) {
  const { constants: c, excel, jobs } = deps;
  const read = access.menu('dataCollection');
  const design = access.menu('dataManage');

  router.route(E.constantTypePage, read, async ({ query }) =>
    toWirePage(await c.constantTypePage(query.keyword, query), query, (r) => r),
  );
  router.route(E.constantTypeInsert, design, ({ body }) => c.createConstantType(body));
  router.route(E.constantTypeUpdate, design, ({ params, body }) => c.updateConstantType(params.id, body));
  router.route(E.constantTypeDelete, design, async ({ params }) => {
    await c.deleteConstantType(params.id);
    return null;
  });
  router.route(E.constantList, read, ({ query }) => c.constants(query.typeId, query.keyword));
  router.route(E.constantInsert, design, ({ body }) => c.createConstant(body));
  router.route(E.constantUpdate, design, ({ params, body }) => c.updateConstant(params.id, body));
  router.route(E.constantDelete, design, async ({ params }) => {
    await c.deleteConstant(params.id);
    return null;
  });
  router.route(E.constantTemplate, design, async ({ reply }) => {
    sendWorkbook(reply, '常量导入模板.xlsx', await excel.constantTemplate());
  });
  router.route(E.constantImport, design, async ({ actor, request }) =>
    excel.constantImport.importNow(actor, await readImportUpload(request)),
  );
  registerImportJobRoutes(router, {
    futureTasks: constantFutureTasks,
    jobs,
    access: design,
    imports: [{ start: E.constantImportJob, importer: excel.constantImport }],
  });
}
