import { type BodyOf, noticeDeliveryEndpoints as D, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

export type DeliveryQuery = QueryOf<typeof D.deliveries>;

/** Query keys of 消息推送 and 消息设置; everything under `all` is dropped after a change. */
export const deliveryKeys = {
  all: ['noticeDelivery'] as const,
  settings: ['noticeDelivery', 'settings'] as const,
  robots: ['noticeDelivery', 'robots'] as const,
  deliveries: (query: DeliveryQuery) => ['noticeDelivery', 'deliveries', query] as const,
  preferences: ['noticeDelivery', 'preferences'] as const,
};

export const useDeliverySettings = () =>
  useQuery({ queryKey: deliveryKeys.settings, queryFn: () => call(D.settings) });
export const useRobots = () => useQuery({ queryKey: deliveryKeys.robots, queryFn: () => call(D.robots) });
export const useDeliveries = (query: DeliveryQuery) =>
  useQuery({
    queryKey: deliveryKeys.deliveries(query),
    queryFn: () => call(D.deliveries, { query }),
    placeholderData: keepPreviousData,
  });
export const useNoticePreferences = () =>
  useQuery({ queryKey: deliveryKeys.preferences, queryFn: () => call(D.preferences) });

export const saveDeliverySettings = (body: BodyOf<typeof D.saveSettings>) => call(D.saveSettings, { body });
export const sendTestEmail = (to: string) => call(D.testEmail, { body: { to } });
export const saveRobot = (body: BodyOf<typeof D.saveRobot>) => call(D.saveRobot, { body });
export const deleteRobot = (id: string) => call(D.deleteRobot, { params: { id } });
export const testRobot = (id: string) => call(D.testRobot, { params: { id } });
export const saveNoticePreferences = (body: BodyOf<typeof D.savePreferences>) =>
  call(D.savePreferences, { body });
