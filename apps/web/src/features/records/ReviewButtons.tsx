import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ApprovalStatus } from '@jarog/contracts';
import { Button } from 'antd';

/**
 * Approve and Reject (spec section 4): the button of the state the entry is in reads 'Approved' or
 * 'Rejected' and is disabled; the other one stays available, so either can be applied from the other state.
 */
export function ReviewButtons({
  status,
  birdName,
  busy,
  readOnly = false,
  onReview,
}: {
  status: ApprovalStatus;
  birdName: string;
  busy?: 'approved' | 'rejected' | null;
  /** A draft checklist: nothing to review until the birder submits it. */
  readOnly?: boolean;
  onReview: (status: 'approved' | 'rejected') => void;
}) {
  const approved = status === 'approved';
  const rejected = status === 'rejected';
  return (
    <div className="review-buttons">
      <Button
        size="small"
        type={approved ? 'default' : 'primary'}
        icon={<CheckOutlined />}
        disabled={approved || readOnly || busy != null}
        loading={busy === 'approved'}
        aria-label={`${approved ? 'Approved' : 'Approve'} ${birdName}`}
        onClick={(e) => {
          e.stopPropagation();
          onReview('approved');
        }}
        className={approved ? 'review-buttons__done review-buttons__done--approved' : undefined}
      >
        {approved ? 'Approved' : 'Approve'}
      </Button>
      <Button
        size="small"
        danger
        icon={<CloseOutlined />}
        disabled={rejected || readOnly || busy != null}
        loading={busy === 'rejected'}
        aria-label={`${rejected ? 'Rejected' : 'Reject'} ${birdName}`}
        onClick={(e) => {
          e.stopPropagation();
          onReview('rejected');
        }}
        className={rejected ? 'review-buttons__done review-buttons__done--rejected' : undefined}
      >
        {rejected ? 'Rejected' : 'Reject'}
      </Button>
    </div>
  );
}
