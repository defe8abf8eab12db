import { fileTypeEndpoints as E, toFileTypeWire } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { FileTypesService } from './file-types.service.ts';

const inputOf = (body: {
  lxmc: string;
  description?: string | undefined;
  enableStatus?: boolean | undefined;
  sort?: number | undefined;
}) => ({ name: body.lxmc, description: body.description, isEnabled: body.enableStatus, sort: body.sort });

/** 数据管理 › 文件类型: every call needs the 数据管理 menu. */
export function registerFileTypesRoutes(router: Router, deps: { fileTypes: FileTypesService }) {
  const { fileTypes } = deps;
  const manage = access.menu('dataManage');
  router.route(E.list, manage, async ({ query }) => {
    const { pageNum, pageSize, keyword, enableStatus } = query;
    return toWirePage(
      await fileTypes.page({ filter: { keyword, isEnabled: enableStatus }, paging: { pageNum, pageSize } }),
      query,
      toFileTypeWire,
    );
  });
  router.route(E.insert, manage, async ({ body }) => toFileTypeWire(await fileTypes.create(inputOf(body))));
  router.route(E.update, manage, async ({ body }) =>
    toFileTypeWire(await fileTypes.update(body.id, inputOf(body))),
  );
  router.route(E.delete, manage, async ({ params }) => {
    await fileTypes.remove(params.id);
    return null;
  });
}
