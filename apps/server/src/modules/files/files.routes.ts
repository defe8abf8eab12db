import { orgEndpoints } from '@eduqa/contract';
import type { Router } from '../../platform/route.ts';
import type { FilesService } from './files.service.ts';

export function registerFilesRoutes(router: Router, deps: { files: FilesService }) {
  const { files } = deps;
  router.publicRoute(orgEndpoints.downloadDocument, async ({ query, actor, reply }) => {
    const { file, bytes } = await files.openDocument({ id: query.attachmentId, actor });
    reply
      .header('content-type', file.mime)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', file.isPublic ? 'public, max-age=300' : 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
