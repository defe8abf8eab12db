import {
  ALGORITHM_PARAM_LABELS,
  ALGORITHM_STATUS_LABELS,
  ALGORITHM_TYPE_LABELS,
  type AlgorithmGroup,
  type AlgorithmType,
} from '@eduqa/contract';
import { Alert, Button, Card, Input, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { detectParameters } from '../algorithm-sql.ts';
import { TestPanel } from './test-panel.tsx';
import type { VersionEditor } from './use-version-editor.ts';

/** The editor (CodeMirror) is fetched only when a group page opens. */
const SqlEditor = lazy(() => import('./sql-editor.tsx'));

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

/** The editor of the selected version (or of a new one): SQL, its parameters, remark, save and test. */
export function VersionEditorCard({
  group,
  type,
  dialect,
  editor,
}: {
  group: AlgorithmGroup;
  type: AlgorithmType;
  dialect: 'postgresql' | 'mysql';
  editor: VersionEditor;
}) {
  const { selected, text, remark, isDirty } = editor;
  return (
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
          onClick={editor.save}
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
        <SqlEditor value={text} onChange={editor.setText} dialect={dialect} />
      </Suspense>
      <ParameterList sql={text} />
      {editor.error ? (
        <Alert type="error" showIcon message={editor.error} style={{ marginBottom: 8 }} />
      ) : null}
      <Input
        placeholder="版本说明（可选）"
        maxLength={200}
        value={remark}
        onChange={(event) => editor.setRemark(event.target.value)}
        style={{ marginBottom: 12 }}
      />
      <TestPanel
        groupId={group.id}
        type={type}
        sql={selected === null || isDirty ? text : undefined}
        version={selected?.version}
      />
    </Card>
  );
}
