import { Route, Routes } from 'react-router';
import { AlgorithmGroupPage } from './algorithm-group-page.tsx';
import { AlgorithmsPage } from './algorithms-page.tsx';

/** 算法管理 with its own routes: the folder tree and groups, and `:groupId` (a group's versions). */
export default function AlgorithmsArea() {
  return (
    <Routes>
      <Route index element={<AlgorithmsPage />} />
      <Route path=":groupId" element={<AlgorithmGroupPage />} />
    </Routes>
  );
}
