import type { BulkReview } from '@jarog/contracts';
import { App } from 'antd';
import { type ApiError, errorMessage } from '../../lib/api-error';
import type { RejectQuestion } from '../review/use-reject-reason';
import { useBulkReviewMutation } from './records.api';
import { bulkConfirmTitle, bulkReviewText } from './records-format';

/**
 * Bulk Approve / Reject: a confirmation naming how many, then one call, then a message with the counts.
 * A rejection asks through `askReason`, the page's reason dialog (useRejectReason: the one the review
 * queue and the single-entry Reject use), so the birder reads why; one reason dialog serves the page.
 * `confirm` resolves true when the review went through (so the page can clear its selection).
 */
export function useBulkReview(askReason: (q: RejectQuestion) => Promise<string | null>): {
  confirm: (
    status: 'approved' | 'rejected',
    targets: Omit<BulkReview, 'approvalStatus' | 'rejectionReason'>,
    shown: { count: number; unit: 'entry' | 'checklist'; detail?: string },
  ) => Promise<boolean>;
  busy: boolean;
} {
  const { modal, message } = App.useApp();
  const [bulkReview, { isLoading }] = useBulkReviewMutation();

  const send = async (review: BulkReview): Promise<boolean> => {
    try {
      const result = await bulkReview(review).unwrap();
      void message.success(bulkReviewText(result));
      return true;
    } catch (err) {
      void message.error(errorMessage(err as ApiError, 'The review could not be saved. Please try again.'));
      return false;
    }
  };

  const confirm: ReturnType<typeof useBulkReview>['confirm'] = async (status, targets, shown) => {
    const title = bulkConfirmTitle(status, shown.count, shown.unit);
    const detail =
      shown.detail ??
      `Every entry of the selected ${shown.unit === 'entry' ? 'rows' : 'checklists'} will be marked ${status}. You can change any of them again later.`;
    if (status === 'rejected') {
      const rejectionReason = await askReason({ title, detail });
      if (rejectionReason === null) return false;
      return send({ approvalStatus: status, ...targets, rejectionReason });
    }
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content: detail,
        okText: 'Approve',
        cancelText: 'Cancel',
        onCancel: () => resolve(false),
        onOk: async () => resolve(await send({ approvalStatus: status, ...targets })),
      });
    });
  };
  return { confirm, busy: isLoading };
}
