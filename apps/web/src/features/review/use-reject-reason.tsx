import { Input, Modal, Radio, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useRejectionTemplatesQuery } from './review.api';

const OWN = '__own__';

/** What the reason dialog says: its title ('Reject Common Raven', 'Reject 2 checklists?') and what goes. */
export interface RejectQuestion {
  title: string;
  detail?: string;
}

/**
 * Asks the reviewer why they reject, from the admins' short list of reasons (or their own words, or
 * none), for one entry or for a bulk rejection alike. `ask` resolves to the reason, '' for none, or
 * null when they cancel (nothing is rejected).
 * The list is keyboard-friendly: arrows choose, Enter confirms, Escape cancels.
 */
export function useRejectReason(): { ask: (q: RejectQuestion) => Promise<string | null>; modal: ReactNode } {
  const { data } = useRejectionTemplatesQuery();
  const templates = data?.items ?? [];
  // The question stays while the dialog animates out, so its name does not blank before it has gone.
  const [question, setQuestion] = useState<RejectQuestion>({ title: '' });
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>('');
  const [own, setOwn] = useState('');
  const resolver = useRef<((v: string | null) => void) | null>(null);

  const ask = (q: RejectQuestion) =>
    new Promise<string | null>((resolve) => {
      resolver.current = resolve;
      setChoice(templates[0]?.text ?? '');
      setOwn('');
      setQuestion(q);
      setOpen(true);
    });
  const finish = (v: string | null) => {
    resolver.current?.(v);
    resolver.current = null;
    setOpen(false);
  };

  const confirm = () => finish(choice === OWN ? own.trim() : choice);
  const modal = (
    <Modal
      open={open}
      title={question.title}
      okText="Reject"
      okButtonProps={{ danger: true }}
      onOk={confirm}
      onCancel={() => finish(null)}
      destroyOnHidden
    >
      {/* Enter confirms from the list, so keyboard review stays a two-key affair (r, Enter). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for Enter bubbling from the radios */}
      <div
        onKeyDown={(e) => {
          if (e.key === 'Enter' && choice !== OWN) {
            e.preventDefault();
            confirm();
          }
        }}
      >
        {question.detail && <p>{question.detail}</p>}
        <p>The birder will read this reason in the app.</p>
        <Radio.Group
          value={choice}
          onChange={(e) => setChoice(e.target.value as string)}
          aria-label="Reason for the rejection"
        >
          <Space direction="vertical">
            {templates.map((t, i) => (
              <Radio key={t._id} value={t.text} autoFocus={i === 0}>
                {t.text}
              </Radio>
            ))}
            <Radio value={OWN}>Another reason</Radio>
            <Radio value="">No reason</Radio>
          </Space>
        </Radio.Group>
      </div>
      {choice === OWN && (
        <Input.TextArea
          className="reject-reason__own"
          aria-label="Your reason"
          value={own}
          maxLength={500}
          onChange={(e) => setOwn(e.target.value)}
        />
      )}
    </Modal>
  );
  return { ask, modal };
}
