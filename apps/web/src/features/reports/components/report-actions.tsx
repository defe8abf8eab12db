import type { ReportView } from '@eduqa/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { removeReports, reportKeys, submitReport } from '../api.ts';
import { ExplainModal } from './explain-modal.tsx';
import { EditReportModal, ExpertsModal, ShareModal } from './report-modals.tsx';
import { ExpertReviewModal, RejectModal, SchoolReviewModal } from './review-modals.tsx';
import { WordActions } from './word-actions.tsx';

type Dialog = 'edit' | 'explain' | 'experts' | 'expertReview' | 'schoolReview' | 'reject' | 'share';

/**
 * The report's actions, each where its `rights` allow it; a reader who sees the report only because it
 * was shared with him gets 下载Word alone (the server serves the document to every reader, but only the
 * report's own people make it). Destructive ones ask first; the server's refusal is shown by the client.
 */
export function ReportActions({ view }: { view: ReportView }) {
  const act = useAction(reportKeys.all);
  const dialog = useDialog<Dialog>();
  const navigate = useNavigate();
  if (view.isShared) return <WordActions view={view} />;
  const { rights } = view;
  const opened = (d: Dialog) => dialog.open && dialog.target === d;
  const common = { open: false, onClose: dialog.hide, act };
  const named = { reportId: view.id, reportName: view.name };

  return (
    <>
      <Space wrap>
        {rights.canEdit ? <Button onClick={() => dialog.show('edit')}>编辑</Button> : null}
        {rights.canEdit ? <Button onClick={() => dialog.show('explain')}>自我诊断总结</Button> : null}
        {rights.canSubmit ? (
          <Popconfirm
            title="确定提交评审吗？"
            description="提交后在评审结束或被驳回前不能修改。"
            okText="提交"
            cancelText="取消"
            onConfirm={() => act(() => submitReport(view.id), '报告已提交评审')}
          >
            <Button type="primary">提交评审</Button>
          </Popconfirm>
        ) : null}
        {rights.canAssignExperts ? (
          <Button type="primary" onClick={() => dialog.show('experts')}>
            分配专家
          </Button>
        ) : null}
        {rights.canExpertReview ? (
          <Button type="primary" onClick={() => dialog.show('expertReview')}>
            专家评审
          </Button>
        ) : null}
        {rights.canSchoolReview ? (
          <Button type="primary" onClick={() => dialog.show('schoolReview')}>
            学校审核
          </Button>
        ) : null}
        {rights.canReject ? (
          <Button danger onClick={() => dialog.show('reject')}>
            驳回
          </Button>
        ) : null}
        {rights.canShare ? <Button onClick={() => dialog.show('share')}>分享</Button> : null}
        <WordActions view={view} />
        {rights.canDelete ? (
          <Popconfirm
            title={`确定删除报告「${view.name}」吗？`}
            description="删除后不能恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={async () => {
              if (await act(() => removeReports([view.id]), '报告已删除'))
                navigate('../..', { relative: 'path' });
            }}
          >
            <Button danger>删除</Button>
          </Popconfirm>
        ) : null}
      </Space>
      <EditReportModal {...common} view={view} open={opened('edit')} />
      <ExplainModal {...common} reportId={view.id} items={view.explains} open={opened('explain')} />
      <ExpertsModal {...common} view={view} open={opened('experts')} />
      <ShareModal {...common} view={view} open={opened('share')} />
      <ExpertReviewModal {...common} {...named} open={opened('expertReview')} />
      <SchoolReviewModal {...common} {...named} open={opened('schoolReview')} />
      <RejectModal {...common} {...named} open={opened('reject')} />
    </>
  );
}
