import { lazy } from 'react';

/**
 * What the rest of the app uses of 消息中心: the header's bell, its page, a message as a list item, and the
 * 消息推送 parts of 系统设置.
 */
export { useOpenNotice } from './api.ts';
export { NoticeBell } from './components/notice-bell.tsx';
export { NoticeItem } from './components/notice-item.tsx';
export { noticesPage } from './routes.tsx';
/** 消息推送 of 系统设置, a chunk of its own: the header imports this index on every page. */
export const NoticeDeliverySection = lazy(() => import('./settings/delivery-section.tsx'));
