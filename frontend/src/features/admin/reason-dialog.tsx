import { Input, Modal } from 'antd';
import { useEffect, useId, useState, type ReactNode } from 'react';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does and what is lost. */
  children: ReactNode;
  okText: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Confirms an action on a contact message and asks for an optional reason for the audit trail. */
export function ReasonDialog({ open, title, children, okText, danger = false, busy, onConfirm, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Cancel"
      okButtonProps={{ danger, loading: busy }}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div className="reason-dialog">
        {children}
        <label htmlFor={id} className="reason-dialog__label">
          Reason (optional, kept in the audit trail)
        </label>
        <Input.TextArea id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </div>
    </Modal>
  );
}
