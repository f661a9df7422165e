// /app/support: where to get help.
import { BookOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';

export default function SupportPage() {
  const navigate = useNavigate();
  return (
    <div style={{ maxWidth: 880 }}>
      <Typography.Title level={2}>Podpora</Typography.Title>
      <Typography.Paragraph>Nevíte si rady nebo něco nefunguje, jak má? Jsme tu pro vás.</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="Návod k aplikaci" style={{ height: '100%' }}>
            <Typography.Paragraph>
              Krok za krokem: přihlášení, nastavení autoškoly, přepínání autoškol, pozvání učitelů, žáci, hlášenky a oznámení.
            </Typography.Paragraph>
            <Button icon={<BookOutlined />} onClick={() => navigate('/doc')}>
              Otevřít návod
            </Button>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Napište nám" style={{ height: '100%' }}>
            <Typography.Paragraph>
              Pošlete nám zprávu přes kontaktní formulář. Uveďte, v jaké autoškole a na jaké stránce problém nastal; odpovídáme obvykle do jednoho pracovního
              dne.
            </Typography.Paragraph>
            <Button type="primary" icon={<MailOutlined />} onClick={() => navigate('/contact')}>
              Kontaktní formulář
            </Button>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
