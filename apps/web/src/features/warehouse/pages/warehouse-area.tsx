import { Route, Routes } from 'react-router';
import { RecyclePage } from './recycle-page.tsx';
import { TablePage } from './table-page.tsx';
import { WarehousesPage } from './warehouses-page.tsx';

/** 数据仓库 with its own routes: the library cards, `table/:tableId` (one table) and `recycle` (the bin). */
export default function WarehouseArea() {
  return (
    <Routes>
      <Route index element={<WarehousesPage />} />
      <Route path="table/:tableId" element={<TablePage />} />
      <Route path="recycle" element={<RecyclePage />} />
    </Routes>
  );
}
