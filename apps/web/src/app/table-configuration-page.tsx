import { Empty } from 'antd';
import { useParams } from 'react-router';

/** Spec 1 §2: the public table configuration page; a later version provides it. */
export function TableConfigurationPage() {
  const { id = '' } = useParams();
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Empty description={`表格配置（${id}）：功能建设中`} />
    </main>
  );
}
