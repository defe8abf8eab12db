/** What the rest of the app uses of 消息中心: the header's bell, its page, and a message as a list item. */
export { useOpenNotice } from './api.ts';
export { NoticeBell } from './components/notice-bell.tsx';
export { NoticeItem } from './components/notice-item.tsx';
export { noticesPage } from './routes.tsx';
