import { ClockCircleOutlined } from '@ant-design/icons';
import { Card } from 'antd';

/** How soon we answer (spec, section 9: response time). */
export function ResponseTimeCard() {
  return (
    <Card
      className="contact-card contact-response-time"
      title={
        <h2 className="contact-card__title">
          <ClockCircleOutlined aria-hidden="true" /> Response Time
        </h2>
      }
    >
      <p className="contact-response-time__main">
        We answer every message within <strong>5 business days</strong>.
      </p>
      <p className="contact-response-time__fast">
        Paid members and urgent technical issues hear back within <strong>24-48 hours</strong>.
      </p>
    </Card>
  );
}
