import { formsEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { FormsService } from './forms.service.ts';

const same = <T>(value: T) => value;

/**
 * 数据采集 › 表单 (base /api/herm-sjcj). Reading published forms needs the 数据采集 menu (fillers and data
 * managers hold it); designing — directories, forms, versions, publishing, auditing, the recycle bin —
 * needs 数据管理 (data managers), because a design decides the columns of a warehouse table. The wire
 * names are the contract's English ones: the spec gives none for herm-sjcj.
 */
export function registerFormsRoutes(router: Router, deps: { forms: FormsService }) {
  const { forms } = deps;
  const read = access.menu('dataCollection');
  const design = access.menu('dataManage');

  router.route(E.directoryTree, read, () => forms.directoryTree());
  router.route(E.directoryInsert, design, ({ body }) => forms.createDirectory(body));
  router.route(E.directoryUpdate, design, ({ params, body }) => forms.updateDirectory(params.id, body));
  router.route(E.directoryDelete, design, async ({ params }) => {
    await forms.deleteDirectory(params.id);
    return null;
  });

  router.route(E.formPage, read, async ({ actor, query }) =>
    toWirePage(await forms.formPage(actor, query), query, same),
  );
  router.route(E.formRecycle, design, async ({ query }) =>
    toWirePage(await forms.recycle(query), query, same),
  );
  router.route(E.formDetail, read, ({ actor, params }) => forms.formDetail(actor, params.id));
  router.route(E.formInsert, design, ({ actor, body }) => forms.createForm(actor, body));
  router.route(E.formUpdate, design, ({ actor, params, body }) => forms.updateForm(actor, params.id, body));
  router.route(E.formDelete, design, async ({ actor, params }) => {
    await forms.deleteForm(actor, params.id);
    return null;
  });
  router.route(E.formRestore, design, ({ params }) => forms.restoreForm(params.id));
  router.route(E.formPublish, design, ({ actor, params }) => forms.publishForm(actor, params.id));
  router.route(E.formAudit, design, ({ params }) => forms.auditForm(params.id));
  router.route(E.formVersions, design, ({ params }) => forms.formVersions(params.id));
  router.route(E.formOptions, read, ({ actor, params }) => forms.formOptions(actor, params.id));
}
