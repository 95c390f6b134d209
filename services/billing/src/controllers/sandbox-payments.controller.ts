import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { valid } from '@wildframe/platform';
import { sandboxCardBody } from '../dto/billing.dto';
import type { SandboxCardBody } from '../dto/billing.dto';
import { SandboxPaymentProvider } from '../providers/sandbox/sandbox-payment-provider';

/**
 * The sandbox's stand-in for Stripe.js (PAYMENT_PROVIDER=sandbox only): the web's clearly
 * labelled test-card form confirms a setup or a payment here, by its client secret. Only test
 * cards are accepted; only brand and last four digits are kept.
 */
@Controller('billing/sandbox')
export class SandboxPaymentsController {
  constructor(private readonly sandbox: SandboxPaymentProvider) {}

  @Post('confirm-setup')
  @HttpCode(200)
  async confirmSetup(@Body(valid(sandboxCardBody)) body: SandboxCardBody) {
    const { setupIntent, paymentMethod } = await this.sandbox.confirmSetup(body.clientSecret, body);
    return { setupIntentId: setupIntent.id, status: setupIntent.status, paymentMethod };
  }

  @Post('confirm-payment')
  @HttpCode(200)
  confirmPayment(@Body(valid(sandboxCardBody)) body: SandboxCardBody): Promise<{ status: 'succeeded'; subscriptionId: string }> {
    return this.sandbox.confirmPayment(body.clientSecret, body);
  }
}
