import {
  AimOutlined,
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  BulbOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  GlobalOutlined,
  LineChartOutlined,
  MedicineBoxOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CategoryIcon as IconKey } from '@eduqa/contract';
import type { ComponentType } from 'react';

/** The 21 category icons of spec 1 §3, each drawn with an @ant-design/icons icon. */
export const CATEGORY_ICON_COMPONENTS: Record<IconKey, ComponentType> = {
  school: BankOutlined,
  major: ReadOutlined,
  course: BookOutlined,
  student: UserOutlined,
  teacher: SolutionOutlined,
  data: DatabaseOutlined,
  analysis: LineChartOutlined,
  overview: DashboardOutlined,
  query: SearchOutlined,
  smart: BulbOutlined,
  target: AimOutlined,
  quality: SafetyCertificateOutlined,
  report: FileTextOutlined,
  warning: AlertOutlined,
  diagnosis: MedicineBoxOutlined,
  resource: ToolOutlined,
  international: GlobalOutlined,
  service: CustomerServiceOutlined,
  policy: AuditOutlined,
  team: TeamOutlined,
  other: AppstoreOutlined,
};

export function CategoryIcon({ icon }: { icon: IconKey }) {
  const Icon = CATEGORY_ICON_COMPONENTS[icon] ?? AppstoreOutlined;
  return <Icon />;
}
