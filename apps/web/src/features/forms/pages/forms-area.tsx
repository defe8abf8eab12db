import { Route, Routes } from 'react-router';
import { DesignerPage } from './designer-page.tsx';
import { FormRecyclePage } from './form-recycle-page.tsx';
import { FormsPage } from './forms-page.tsx';

/** 表单管理 with its own routes: the list, `recycle` (the bin) and `:id` (the designer). */
export default function FormsArea() {
  return (
    <Routes>
      <Route index element={<FormsPage />} />
      <Route path="recycle" element={<FormRecyclePage />} />
      <Route path=":id" element={<DesignerPage />} />
    </Routes>
  );
}
