import { type Discussion, QUALITY_REPORT_TEXT_MAX } from '@eduqa/contract';
import { Button, Empty, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { discuss, reportKeys, useDiscussions } from '../api.ts';

/**
 * 讨论: the thread of a report, oldest first; whoever may discuss writes, optionally replying to one
 * message. Closed once the review is done (the server says so).
 */
export function DiscussionPanel({ reportId, canDiscuss }: { reportId: string; canDiscuss: boolean }) {
  const thread = useDiscussions(reportId);
  const [content, setContent] = useState('');
  const [replyTo, setReplyTo] = useState<Discussion | null>(null);
  const act = useAction(reportKeys.discussions(reportId));
  const send = async () => {
    const text = content.trim();
    if (!text) return;
    const ok = await act(
      () => discuss(reportId, { content: text, ...(replyTo ? { replyToId: replyTo.id } : {}) }),
      '已发表',
    );
    if (ok) {
      setContent('');
      setReplyTo(null);
    }
  };
  const messages = thread.data ?? [];
  return (
    <section aria-label="讨论">
      <Typography.Title level={4}>讨论</Typography.Title>
      {messages.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={thread.isError ? thread.error.message : thread.isLoading ? '加载中…' : '暂无讨论'}
        />
      ) : (
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          {messages.map((m) => (
            <div key={m.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
              <Flex gap={8} align="baseline" wrap>
                <Typography.Text strong>{m.userName}</Typography.Text>
                {m.isMine ? <Tag>我</Tag> : null}
                {m.replyToName ? (
                  <Typography.Text type="secondary">回复 {m.replyToName}</Typography.Text>
                ) : null}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {m.createdAt}
                </Typography.Text>
                {canDiscuss ? (
                  <Button type="link" size="small" onClick={() => setReplyTo(m)}>
                    回复
                  </Button>
                ) : null}
              </Flex>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {m.content}
              </Typography.Paragraph>
            </div>
          ))}
        </Flex>
      )}
      {canDiscuss ? (
        <Flex vertical gap={8}>
          {replyTo ? (
            <Tag closable onClose={() => setReplyTo(null)} style={{ alignSelf: 'flex-start' }}>
              回复 {replyTo.userName}
            </Tag>
          ) : null}
          <Input.TextArea
            aria-label="讨论内容"
            rows={3}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder="发表您的看法"
            maxLength={QUALITY_REPORT_TEXT_MAX.discussion}
            showCount
          />
          <Button
            type="primary"
            disabled={!content.trim()}
            onClick={() => void send()}
            style={{ alignSelf: 'flex-end' }}
          >
            发表
          </Button>
        </Flex>
      ) : null}
    </section>
  );
}
