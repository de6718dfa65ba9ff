import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { REVIEW_SHORTCUTS } from './review-keys';

/** 'Keyboard shortcuts': the help popover of keyboard review (also opened with '?'). */
export function KeyboardHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title="Keyboard shortcuts"
      content={
        <div className="keyboard-help" data-testid="keyboard-help">
          <dl className="keyboard-help__list">
            {REVIEW_SHORTCUTS.map((s) => (
              <div key={s.keys.join()} className="keyboard-help__row">
                <dt>
                  {s.keys.map((k) => (
                    <kbd key={k}>{k}</kbd>
                  ))}
                </dt>
                <dd>{s.what}</dd>
              </div>
            ))}
          </dl>
          <p className="keyboard-help__note">Shortcuts are ignored while you type in a box.</p>
        </div>
      }
    >
      <Button
        icon={<QuestionCircleOutlined />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label="Keyboard shortcuts"
      >
        <span className="records-hide-xs">Keyboard shortcuts</span>
      </Button>
    </Popover>
  );
}
