import {
  ALGORITHM_TYPE_LABELS,
  type Algorithm,
  type AlgorithmGroup,
  type AlgorithmType,
} from '@eduqa/contract';
import { Button, Card, Col, Row, Table } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { algorithmKeys } from '../api.ts';
import { useVersionEditor } from './use-version-editor.ts';
import { versionColumns } from './version-columns.tsx';
import { VersionEditorCard } from './version-editor-card.tsx';

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
  const editor = useVersionEditor({ group, type, versions, run });
  const columns = versionColumns({ group, type, current, run, onPick: editor.pick });

  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <Card
          size="small"
          title={`${ALGORITHM_TYPE_LABELS[type]}版本`}
          extra={
            <Button size="small" onClick={() => editor.pick(null)}>
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
            rowClassName={(v) => (v.id === editor.selectedId ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: '暂无版本，请在右侧编写 SQL 后保存' }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <VersionEditorCard group={group} type={type} dialect={dialect} editor={editor} />
      </Col>
    </Row>
  );
}
