import {
  type BodyOf,
  type DataSourceTestWire,
  type DataSourceWire,
  datasourceEndpoints as E,
  type QueryOf,
} from '@eduqa/contract';
import { call } from '../../shared/api/client.ts';
import { type FiltersOf, usePagedQuery } from '../../shared/api/use-paged-query.ts';

export type DataSourcePageQuery = QueryOf<typeof E.page>;
export type DataSourceBody = BodyOf<typeof E.insert>;

/** Query keys of 数据源; everything under `all` is dropped after a change. */
export const datasourceKeys = {
  all: ['datasources'] as const,
  page: (query: DataSourcePageQuery) => ['datasources', 'page', query] as const,
};

export const useDataSources = (filters: FiltersOf<DataSourcePageQuery>) =>
  usePagedQuery({ queryKey: datasourceKeys.page, queryFn: (query) => call(E.page, { query }), filters });

export function saveDataSource(body: DataSourceBody, id?: string): Promise<DataSourceWire> {
  return id ? call(E.update, { body: { ...body, id }, json: true }) : call(E.insert, { body, json: true });
}

export const deleteDataSource = (id: string) => call(E.delete, { params: { id } });
export const makeDefaultDataSource = (id: string) => call(E.makeDefault, { params: { id } });
export const setDataSourceHidden = (id: string, status: boolean) =>
  call(E.hidden, { params: { id }, body: { status }, json: true });

/** A refused connection is an answer, not an error: the dialog shows its Chinese message. */
export const testDataSource = (body: BodyOf<typeof E.test>): Promise<DataSourceTestWire> =>
  call(E.test, { body, json: true });
