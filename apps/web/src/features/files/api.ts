import {
  fileTypeEndpoints as E,
  type FileType,
  fromFileTypeWire,
  mapPage,
  type QueryOf,
} from '@eduqa/contract';
import { call } from '../../shared/api/client.ts';
import { type FiltersOf, usePagedQuery } from '../../shared/api/use-paged-query.ts';

export type FileTypePageQuery = QueryOf<typeof E.list>;

/** Query keys of 文件类型; everything under `all` is dropped after a change. */
export const fileTypeKeys = {
  all: ['fileTypes'] as const,
  page: (query: FileTypePageQuery) => ['fileTypes', 'page', query] as const,
};

export const useFileTypes = (filters: FiltersOf<FileTypePageQuery>) =>
  usePagedQuery({
    queryKey: fileTypeKeys.page,
    queryFn: async (query) => mapPage(await call(E.list, { query }), fromFileTypeWire),
    filters,
  });

export interface FileTypeInput {
  name: string;
  description: string;
  isEnabled: boolean;
  sort?: number | undefined;
}

export async function saveFileType(input: FileTypeInput, id?: string): Promise<FileType> {
  const body = {
    lxmc: input.name,
    description: input.description,
    enableStatus: input.isEnabled,
    ...(input.sort === undefined ? {} : { sort: input.sort }),
  };
  const wire = id
    ? await call(E.update, { body: { ...body, id }, json: true })
    : await call(E.insert, { body, json: true });
  return fromFileTypeWire(wire);
}

export const deleteFileType = (id: string) => call(E.delete, { params: { id } });
