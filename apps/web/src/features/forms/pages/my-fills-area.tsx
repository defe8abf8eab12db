import { Route, Routes } from 'react-router';
import { FillPage } from './fill-page.tsx';
import { MyFillsPage } from './my-fills-page.tsx';

/** 我的填报 with its own route `:id` (one fill task's form). */
export default function MyFillsArea() {
  return (
    <Routes>
      <Route index element={<MyFillsPage />} />
      <Route path=":id" element={<FillPage />} />
    </Routes>
  );
}
