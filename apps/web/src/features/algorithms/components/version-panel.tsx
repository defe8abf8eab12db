import {
  ALGORITHM_PARAM_LABELS,
  ALGORITHM_STATUS_LABELS,
  ALGORITHM_TYPE_LABELS,
  type Algorithm,
  type AlgorithmGroup,
  type AlgorithmType,
} from '@eduqa/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Input,
  Row,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { detectParameters } from '../algorithm-sql.ts';
import {
  algorithmKeys,
  createVersion,
  deleteVersion,
  publishVersion,
  setCurrentVersion,
  updateVersion,
} from '../api.ts';
import { TestPanel } from './test-panel.tsx';

/** The editor (CodeMirror) is fetched only when a group page opens. */
const SqlEditor = lazy(() => import('./sql-editor.tsx'));

const when = (date: Date | null) => (date ? dayjs(date).format('YYYY-MM-DD HH:mm:ss') : '—');

const EXAMPLES: Record<AlgorithmType, string> = {
  result:
    'select avg(score) as value\nfrom dw.scores\nwhere object_code = :objectCode\n  and exam_date between :cycleStart and :cycleEnd',
  detail:
    'select student_name, score, exam_date\nfrom dw.scores\nwhere object_code = :objectCode\n  and exam_date between :cycleStart and :cycleEnd\norder by exam_date',
};

/** The parameters the SQL uses, as the editor sees them while typing. */
function ParameterList({ sql }: { sql: string }) {
  const { known, unknown } = detectParameters(sql);
  return (
    <div data-testid="algorithm-parameters" style={{ margin: '8px 0' }}>
      <Typography.Text type="secondary">参数：</Typography.Text>
      {known.length === 0 && unknown.length === 0 ? (
        <Typography.Text type="secondary">无</Typography.Text>
      ) : null}
      {known.map((name) => (
        <Tag key={name} color="blue">
          :{name}（{ALGORITHM_PARAM_LABELS[name]}）
        </Tag>
      ))}
      {unknown.map((name) => (
        <Tag key={name} color="red">
          :{name}（未知参数）
        </Tag>
      ))}
    </div>
  );
}

/**
 * The versions of one type: the list (current, status, who and when), the editor of the selected
 * version — a draft is saved in place, a published one is saved as the next version — publishing,
 * switching the current version, and the test on an object.
 */
export function VersionPanel({
  group,
  type,
  versions,
  dialect,
}: {
  group: AlgorithmGroup;
  type: AlgorithmType;
  versions: Algorithm[];
  dialect: 'postgresql' | 'mysql';
}) {
  const run = useAction(algorithmKeys.all);
  const current = type === 'result' ? group.currentResultVersion : group.currentDetailVersion;
  const [selectedId, setSelectedId] = useState<string | null>(versions[0]?.id ?? null);
  const selected = versions.find((v) => v.id === selectedId) ?? null;
  const [text, setText] = useState<string>(selected?.sql ?? EXAMPLES[type]);
  const [remark, setRemark] = useState(selected?.remark ?? '');
  const [error, setError] = useState<string | null>(null);
  const isDirty = text !== (selected?.sql ?? '');

  const pick = (version: Algorithm | null) => {
    setSelectedId(version?.id ?? null);
    setText(version?.sql ?? EXAMPLES[type]);
    setRemark(version?.remark ?? '');
    setError(null);
  };

  const save = async () => {
    if (!text.trim()) {
      setError('请输入 SQL');
      return;
    }
    setError(null);
    let saved: Algorithm | null = null;
    const ok = await run(
      async () => {
        saved = selected
          ? await updateVersion({ id: selected.id, sql: text, remark })
          : await createVersion({ groupId: group.id, type, sql: text, remark });
        return saved;
      },
      (answer: Algorithm) =>
        selected && answer.id === selected.id ? '草稿已保存' : `已保存为版本 V${answer.version}`,
    );
    if (ok && saved) setSelectedId((saved as Algorithm).id);
  };

  const columns: TableColumnsType<Algorithm> = [
    {
      title: '版本',
      dataIndex: 'version',
      width: 90,
      render: (v: number) => (
        <Space size={4}>
          {`V${v}`}
          {v === current ? <Tag color="green">当前</Tag> : null}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: Algorithm['status']) => (
        <Tag color={status === 'published' ? 'blue' : 'default'}>{ALGORITHM_STATUS_LABELS[status]}</Tag>
      ),
    },
    {
      title: '修改人',
      key: 'by',
      width: 90,
      render: (_, v) => (v.publishedAt ? v.publishedByName : v.createdByName) || '—',
    },
    { title: '修改时间', key: 'at', width: 170, render: (_, v) => when(v.publishedAt ?? v.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_, v) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => pick(v)}>
            {v.status === 'draft' ? '编辑' : '查看'}
          </Button>
          {v.status === 'draft' ? (
            <ConfirmLink
              title={`确定发布版本 V${v.version} 吗？`}
              description="发布后不能再修改；修改会生成新版本。发布不会切换当前版本。"
              okText="发布"
              onConfirm={() => run(() => publishVersion(v.id), `版本 V${v.version} 已发布`)}
            >
              发布
            </ConfirmLink>
          ) : null}
          {v.status === 'published' && v.version !== current ? (
            <ConfirmLink
              title={`确定把 V${v.version} 设为当前${ALGORITHM_TYPE_LABELS[type]}吗？`}
              description="之后的采集和详细数据都使用这个版本；已有结果在重新采集前不变。"
              okText="设为当前"
              onConfirm={() =>
                run(() => setCurrentVersion(group, type, v.version), `当前版本已切换为 V${v.version}`)
              }
            >
              设为当前
            </ConfirmLink>
          ) : null}
          {v.status === 'draft' ? (
            <ConfirmLink
              title={`确定删除草稿 V${v.version} 吗？`}
              okText="删除"
              isDanger
              onConfirm={async () => {
                if (await run(() => deleteVersion(v.id), '草稿已删除')) pick(null);
              }}
            >
              删除
            </ConfirmLink>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <Card
          size="small"
          title={`${ALGORITHM_TYPE_LABELS[type]}版本`}
          extra={
            <Button size="small" onClick={() => pick(null)}>
              新建版本
            </Button>
          }
        >
          <Table<Algorithm>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={versions}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            rowClassName={(v) => (v.id === selectedId ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: '暂无版本，请在右侧编写 SQL 后保存' }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={
            selected
              ? `V${selected.version}（${ALGORITHM_STATUS_LABELS[selected.status]}）`
              : `新版本（${ALGORITHM_TYPE_LABELS[type]}）`
          }
          extra={
            <Button
              type="primary"
              size="small"
              onClick={save}
              disabled={selected !== null && !isDirty && remark === selected.remark}
            >
              {selected?.status === 'published' ? '保存为新版本' : '保存'}
            </Button>
          }
        >
          {selected?.status === 'published' ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 8 }}
              message="已发布的版本不可修改：保存会生成新版本。"
            />
          ) : null}
          {type === 'result' ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              结果算法应返回一行，包含名为 value 的列；详情算法返回多行明细。
            </Typography.Paragraph>
          ) : null}
          <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
            <SqlEditor value={text} onChange={setText} dialect={dialect} />
          </Suspense>
          <ParameterList sql={text} />
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} /> : null}
          <Input
            placeholder="版本说明（可选）"
            maxLength={200}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            style={{ marginBottom: 12 }}
          />
          <TestPanel
            groupId={group.id}
            type={type}
            sql={selected === null || isDirty ? text : undefined}
            version={selected?.version}
          />
        </Card>
      </Col>
    </Row>
  );
}
