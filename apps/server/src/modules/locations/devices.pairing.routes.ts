// Pairing screens: anonymous `POST /api/device/v1/pairings/` (a code for the screen to show) and
// `GET …/pairings/{id}/` (polled with the pairing's secret), and staff's `POST /api/devices/pair/`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, validationError } from '@marquee/contracts/common';
import {
  PAIRING_MINUTES,
  devicePairEndpoint,
  devicePairInput,
  devicePairingEndpoints as endpoints,
  pairingCreated,
  pairingStatus,
} from '@marquee/contracts/device-pairing';
import { device } from '@marquee/contracts/locations';
import { requireAuth } from '../../http/session.ts';
import type { DevicePairingService } from './devices.pairing.service.ts';

const gatewayTags = ['device gateway'];
const anonymous = { public: true, csrfExempt: true };
const pairingParams = z.object({ id: z.uuid() });

export function registerDevicePairingRoutes(app: FastifyInstance, pairing: DevicePairingService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    endpoints.pairings,
    {
      config: anonymous,
      schema: {
        tags: gatewayTags,
        summary: 'A pairing code for a screen to show',
        description: `Anonymous; a few per address within the throttle window (PAIRING_MAX_PER_ADDRESS), then 429 with Retry-After. The code is valid ${PAIRING_MINUTES} minutes; keep the secret on the screen and poll \`${endpoints.pairings}{id}/\` with it.`,
        response: { 201: pairingCreated, 429: detailError },
      },
    },
    async (req, reply) => reply.code(201).send(await pairing.request(req.ip)),
  );
  r.get(
    `${endpoints.pairings}:id/`,
    {
      config: anonymous,
      schema: {
        tags: gatewayTags,
        summary: "Whether the screen's code was typed in, and (once) its device token",
        description:
          'With `Authorization: Bearer <pairing secret>`. `pending` until staff type the code in, then `paired` with the device token, this once; 410 once the pairing has ended (expired, or its token handed out), 404 for an unknown id or a wrong secret.',
        headers: z.looseObject({ authorization: z.string().optional().describe('Bearer <pairing secret>') }),
        params: pairingParams,
        response: { 200: pairingStatus, 401: detailError, 404: detailError, 410: detailError },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pairing.poll(req.params.id, req.headers.authorization);
    },
  );
  r.post(
    devicePairEndpoint,
    {
      schema: {
        tags: ['devices'],
        summary: 'Pair the screen showing a code',
        description:
          'add_device for the location. Makes a device with the serial and zones given for the screen that shows the code; the screen receives its token by polling its pairing. A wrong, used or expired code is refused with one text; wrong codes are throttled per user and address (429).',
        body: devicePairInput,
        response: {
          201: device.extend({ _permissions: z.array(z.string()) }),
          400: validationError,
          401: detailError,
          403: detailError,
          429: detailError,
        },
      },
    },
    async (req, reply) => reply.code(201).send(await pairing.pair(requireAuth(req), req.body, req.ip)),
  );
}
