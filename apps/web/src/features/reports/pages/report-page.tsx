import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Flex, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { useReportView } from '../api.ts';
import { DiscussionPanel } from '../components/discussion-panel.tsx';
import { ReportActions } from '../components/report-actions.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { ReportSections } from '../components/report-sections.tsx';
import { ReportStateTag } from '../components/report-state-tag.tsx';
import { ReviewPanel } from '../components/review-panel.tsx';

/** One quality report (`…/view/:id`): header, overview, review and discussion, and the actions its rights allow. */
export function ReportPage() {
  const { id = '' } = useParams();
  const report = useReportView(id);
  const navigate = useNavigate();
  const view = report.data;
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          <Button
            type="text"
            aria-label="返回"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('../..', { relative: 'path' })}
          />
          <Typography.Text strong ellipsis style={{ maxWidth: 520 }}>
            {view?.name ?? '质量报告'}
          </Typography.Text>
          {view ? <ReportStateTag state={view.state} /> : null}
          {view?.isShared ? <Typography.Text type="secondary">（分享给我，只读）</Typography.Text> : null}
        </Flex>
      }
    >
      <ListState
        isLoading={report.isLoading}
        error={report.error}
        isEmpty={false}
        onRetry={() => void report.refetch()}
      >
        {view ? (
          <>
            <Flex style={{ marginBottom: 16 }} gap={8} wrap align="flex-start">
              <ReportActions view={view} />
              <Button icon={<PrinterOutlined />} onClick={() => navigate('print')}>
                打印/导出PDF
              </Button>
            </Flex>
            {view.state === 'rejected' && view.rejectReason ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title="报告已驳回"
                description={view.rejectReason}
              />
            ) : null}
            <ReportHeader view={view} />
            <Typography.Title level={3} style={{ fontSize: 18 }}>
              总体概况
            </Typography.Title>
            <ReportSections view={view} />
            <Divider />
            <ReviewPanel view={view} />
            <Divider />
            <DiscussionPanel reportId={view.id} canDiscuss={view.rights.canDiscuss} />
          </>
        ) : null}
      </ListState>
    </Card>
  );
}
