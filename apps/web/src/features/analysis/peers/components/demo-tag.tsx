import { DEMO_DATA_LABEL } from '@eduqa/contract';
import { Tag, Tooltip } from 'antd';

/** Shown beside every answer that drew on the seeded sample of peer values. */
export function DemoTag({ isDemo }: { isDemo: boolean | undefined }) {
  if (!isDemo) return null;
  return (
    <Tooltip title="包含系统自带的示例数据，并非学校公布的年报数据">
      <Tag color="orange">{DEMO_DATA_LABEL}</Tag>
    </Tooltip>
  );
}
