import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import {
  QUALITY_REPORT_MESSAGES,
  REVIEW_RESULT_LABELS,
  REVIEW_RESULTS,
  type ReviewResult,
  SEAL_KIND_LABELS,
  SEAL_KINDS,
  type SealKind,
} from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Typography, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { reportKeys, uploadSeal, useSeals } from '../api.ts';

const SEAL_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const isSealImage = (file: File) =>
  /\.(png|jpe?g)$/i.test(file.name) && /^image\/(png|jpeg)$/.test(file.type);

/**
 * 印章 (administrators): for each kind and review result the image printed on a reviewed report. The
 * server checks the file really is a PNG or JPG.
 */
export function SealsTab() {
  const seals = useSeals(true);
  return (
    <ListState
      isLoading={seals.isLoading}
      error={seals.error}
      isEmpty={false}
      onRetry={() => void seals.refetch()}
    >
      <Flex vertical gap={24}>
        {SEAL_KINDS.map((kind) => (
          <div key={kind}>
            <Typography.Title level={5}>{SEAL_KIND_LABELS[kind]}</Typography.Title>
            <Row gutter={[16, 16]}>
              {REVIEW_RESULTS.map((result) => (
                <Col key={result} xs={24} sm={8}>
                  <SealSlot
                    kind={kind}
                    result={result}
                    url={seals.data?.find((s) => s.kind === kind && s.result === result)?.url ?? null}
                  />
                </Col>
              ))}
            </Row>
          </div>
        ))}
      </Flex>
    </ListState>
  );
}

function SealSlot({ kind, result, url }: { kind: SealKind; result: ReviewResult; url: string | null }) {
  const [isSending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const label = `${SEAL_KIND_LABELS[kind]}（${REVIEW_RESULT_LABELS[result]}）`;
  const send = async (file: File) => {
    if (!isSealImage(file)) {
      notify.error(QUALITY_REPORT_MESSAGES.sealImage);
      return;
    }
    setSending(true);
    try {
      await uploadSeal({ kind, result, file });
      notify.success(`${label}已更新`);
      await queryClient.invalidateQueries({ queryKey: reportKeys.seals });
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };
  return (
    <Card size="small" title={REVIEW_RESULT_LABELS[result]}>
      <Flex vertical align="center" gap={12}>
        <div
          style={{ width: 120, height: 120, display: 'grid', placeItems: 'center', background: '#fafafa' }}
        >
          {url ? (
            <img src={url} alt={label} style={{ maxWidth: 116, maxHeight: 116 }} />
          ) : (
            <Typography.Text type="secondary">
              <PictureOutlined /> 未上传
            </Typography.Text>
          )}
        </div>
        <Upload
          accept={SEAL_ACCEPT}
          showUploadList={false}
          disabled={isSending}
          beforeUpload={(file) => {
            void send(file);
            // Sent by `send`, with the client's CSRF token and error handling.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={isSending} aria-label={`上传${label}`}>
            {url ? '更换' : '上传'}
          </Button>
        </Upload>
      </Flex>
    </Card>
  );
}
