'use client';

import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, createWebhookSchema } from '@/lib/webhooks/webhook-schema';
import { createWebhookAction } from '@/lib/webhooks/webhook-actions';
import { FormField } from '../admin/form-field';
import { OneTimeSecret } from '../admin/one-time-secret';
import { CreatePanel, useCreateWithSecret } from '../admin/create-with-secret';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

/** Registers a webhook endpoint; its signing secret is shown here once. */
export function CreateWebhookForm() {
  const { form, panel, created } = useCreateWithSecret(
    createWebhookSchema,
    { url: '', events: ['film.published', 'film.unpublished'], description: '' },
    createWebhookAction,
  );
  const { register } = form;
  const { errors } = form.formState;

  return (
    <CreatePanel
      title="Add a webhook"
      submitLabel="Add webhook"
      {...panel}
      result={
        created ? (
          <OneTimeSecret label={`Signing secret of ${created.url}`} secret={created.secret}>
            <p className={styles.message}>
              Verify each request with it (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
              <code>webhook-signature</code>). A ping is on its way. <a href={`/editor/webhooks/${created.id}`}>See its deliveries</a>.
            </p>
          </OneTimeSecret>
        ) : null
      }
    >
      <FormField id="webhook-url" label="URL" hint="Where to POST events (https://…)." error={errors.url?.message} className={styles.grow}>
        {(aria) => <input {...aria} {...register('url')} type="url" autoComplete="off" className={ui.input} />}
      </FormField>
      <FormField id="webhook-description" label="Description" error={errors.description?.message}>
        {(aria) => <input {...aria} {...register('description')} autoComplete="off" className={ui.input} />}
      </FormField>
      <fieldset className={styles.grow} aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className={ui.label}>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event}>
            <input type="checkbox" id={`webhook-event-${event}`} value={event} {...register('events')} />{' '}
            <label htmlFor={`webhook-event-${event}`}>
              <code>{event}</code> <span className={styles.muted}>{WEBHOOK_EVENT_LABELS[event]}</span>
            </label>
          </div>
        ))}
        {errors.events ? (
          <p id="webhook-events-error" className={ui.error}>
            {errors.events.message}
          </p>
        ) : null}
      </fieldset>
    </CreatePanel>
  );
}
