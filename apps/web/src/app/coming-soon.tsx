import { Empty } from 'antd';
import type { PageLoader } from '../shared/ui/lazy-page.tsx';

function AreaEmpty({ label }: { label: string }) {
  return (
    <div style={{ padding: '96px 24px', background: '#fff', borderRadius: 8, flex: 1 }}>
      <Empty description={`${label}：功能建设中`} />
    </div>
  );
}

/**
 * The page of an area that a later issue builds: an honest empty state naming the area. A loader
 * (not a component) so that the route table treats it like every other lazy page.
 */
export function comingSoon(label: string): PageLoader {
  const Page = () => <AreaEmpty label={label} />;
  return () => Promise.resolve({ default: Page });
}
