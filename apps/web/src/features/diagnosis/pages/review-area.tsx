import { Route, Routes } from 'react-router';
import { ObjectTaskPage } from './object-task-page.tsx';
import { ReviewQueuePage } from './review-queue-page.tsx';

/** 待审核: the queue, and `obj/:objectTaskId` (the object task's points, where the auditor decides). */
export function ReviewArea() {
  return (
    <Routes>
      <Route index element={<ReviewQueuePage />} />
      <Route path="obj/:objectTaskId" element={<ObjectTaskPage backTo="../.." />} />
    </Routes>
  );
}
