import { ArrowLeftOutlined } from '@ant-design/icons';
import { ALGORITHM_TYPE_LABELS, ALGORITHM_TYPES } from '@eduqa/contract';
import { Button, Card, Descriptions, Result, Spin, Tabs, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useGroup, useSourceKinds, useVersions } from '../api.ts';
import { VersionPanel } from '../components/version-panel.tsx';

/** One algorithm group: its facts, then its result and detail versions in two tabs. */
export function AlgorithmGroupPage() {
  const { groupId = '' } = useParams();
  const group = useGroup(groupId);
  const versions = useVersions(groupId);
  const kinds = useSourceKinds();

  if (group.isLoading || versions.isLoading)
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!group.data) {
    return (
      <Result
        status="404"
        title="算法组不存在"
        extra={
          <Link to="..">
            <Button type="primary">返回算法管理</Button>
          </Link>
        }
      />
    );
  }
  const found = group.data;
  const dialect = kinds.data?.get(found.dataSourceId ?? '') === 'mysql' ? 'mysql' : 'postgresql';

  return (
    <Card
      variant="borderless"
      title={
        <span>
          <Link to=".." relative="path" aria-label="返回">
            <ArrowLeftOutlined style={{ marginRight: 12 }} />
          </Link>
          {found.name}
        </span>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        {/* 采集配置 names a point's algorithm group by this code: shown so it can be copied there. */}
        <Descriptions.Item label="算法组编号">
          <Typography.Text copyable data-testid="algorithm-group-id">
            {found.id}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="数据源">{found.dataSourceName}</Descriptions.Item>
        <Descriptions.Item label="当前结果版本">
          {found.currentResultVersion === null ? '未设置' : `V${found.currentResultVersion}`}
        </Descriptions.Item>
        <Descriptions.Item label="当前详情版本">
          {found.currentDetailVersion === null ? '未设置' : `V${found.currentDetailVersion}`}
        </Descriptions.Item>
        <Descriptions.Item label="说明">{found.description || '—'}</Descriptions.Item>
      </Descriptions>
      <Tabs
        items={ALGORITHM_TYPES.map((type) => {
          const ofType = (versions.data ?? []).filter((v) => v.type === type);
          return {
            key: type,
            label: ALGORITHM_TYPE_LABELS[type],
            children: (
              <VersionPanel
                // Saving selects the saved version itself: the panel (and the object picked for tests) stays.
                key={type}
                group={found}
                type={type}
                versions={ofType}
                dialect={dialect}
              />
            ),
          };
        })}
      />
    </Card>
  );
}
