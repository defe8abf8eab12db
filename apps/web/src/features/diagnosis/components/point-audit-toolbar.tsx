import { Button, Popconfirm, Tooltip } from 'antd';
import { passPoints, submitPointsForAudit } from '../api.ts';
import type { PointWork } from './use-point-work.ts';

interface PointAuditToolbarProps {
  work: PointWork;
  isEdit: boolean;
  isAuditor: boolean;
  onRefuse: () => void;
}

const PICK_FIRST = '请先勾选待审核的质控点';

/**
 * 提交审核 for the charger (the checked points, or every open one); 审核通过/不通过 for an auditor.
 * A fragment from a plain function, not a component: the quality table's toolbar `Space` then spaces
 * each button as its own item, as it did when they were written inline.
 */
export function pointAuditToolbar({ work, isEdit, isAuditor, onRefuse }: PointAuditToolbarProps) {
  const { toSubmit, toDecide, run } = work;
  return (
    <>
      {isEdit ? (
        <Popconfirm
          title={`确定提交${toSubmit.length}个质控点审核吗？`}
          description={work.selected.length ? undefined : '未选择时提交全部未提交或未通过的质控点。'}
          okText="提交"
          cancelText="取消"
          disabled={toSubmit.length === 0}
          onConfirm={() =>
            run(async () => {
              const { updated } = await submitPointsForAudit(toSubmit);
              return `已提交${updated}个质控点`;
            })
          }
        >
          <Tooltip title={toSubmit.length === 0 ? '没有未提交或未通过的质控点' : undefined}>
            <Button type="primary" disabled={toSubmit.length === 0}>
              {`提交审核（${toSubmit.length}）`}
            </Button>
          </Tooltip>
        </Popconfirm>
      ) : null}
      {isAuditor ? (
        <>
          <Popconfirm
            title={`确定审核通过选中的${toDecide.length}个质控点吗？`}
            okText="通过"
            cancelText="取消"
            disabled={toDecide.length === 0}
            onConfirm={() =>
              run(async () => {
                const { updated } = await passPoints(toDecide);
                return `已通过${updated}个质控点`;
              })
            }
          >
            <Tooltip title={toDecide.length === 0 ? PICK_FIRST : undefined}>
              <Button disabled={toDecide.length === 0}>审核通过</Button>
            </Tooltip>
          </Popconfirm>
          <Tooltip title={toDecide.length === 0 ? PICK_FIRST : undefined}>
            <Button danger disabled={toDecide.length === 0} onClick={onRefuse}>
              审核不通过
            </Button>
          </Tooltip>
        </>
      ) : null}
    </>
  );
}
