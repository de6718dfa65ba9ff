import type { BulkReview } from '@jarog/contracts';
import { App } from 'antd';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { useBulkReviewMutation } from './records.api';
import { bulkConfirmTitle, bulkReviewText } from './records-format';

/**
 * Bulk Approve / Reject: a confirmation naming how many, then one call, then a message with the counts.
 * Resolves true when the review went through (so the page can clear its selection).
 */
export function useBulkReview() {
  const { modal, message } = App.useApp();
  const [bulkReview, { isLoading }] = useBulkReviewMutation();
  const confirm = (
    status: 'approved' | 'rejected',
    targets: Omit<BulkReview, 'approvalStatus'>,
    shown: { count: number; unit: 'entry' | 'checklist'; detail?: string },
  ) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: bulkConfirmTitle(status, shown.count, shown.unit),
        content:
          shown.detail ??
          `Every entry of the selected ${shown.unit === 'entry' ? 'rows' : 'checklists'} will be marked ${status}. You can change any of them again later.`,
        okText: status === 'approved' ? 'Approve' : 'Reject',
        okButtonProps: status === 'rejected' ? { danger: true } : {},
        cancelText: 'Cancel',
        onCancel: () => resolve(false),
        onOk: async () => {
          try {
            const result = await bulkReview({ approvalStatus: status, ...targets }).unwrap();
            void message.success(bulkReviewText(result));
            resolve(true);
          } catch (err) {
            void message.error(
              errorMessage(err as ApiError, 'The review could not be saved. Please try again.'),
            );
            resolve(false);
          }
        },
      });
    });
  return { confirm, busy: isLoading };
}
