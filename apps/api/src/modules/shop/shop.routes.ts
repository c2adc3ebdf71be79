import { Router } from 'express';
import { z } from 'zod';
import { shopInfoSchema, shopPricingSchema } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import { apiRoutes } from '../../http/route.js';

/** `GET /api/shop`: the centre's name, address and opening hours, from the settings. */
export function shopRouter({ config }: AppDeps): Router {
  const router = Router();
  // One apiRoutes per router: its operations are what the OpenAPI document lists.
  const routes = apiRoutes(router);
  routes.get(
    '/',
    {
      summary: "The centre's name, address and opening hours (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_HOURS and its French and Arabic forms)",
      answer: shopInfoSchema,
      answerHeaders: { 'Cache-Control': z.string().meta({ description: 'public, max-age=300' }) },
    },
    (_input, _req, res) => {
      // Settings change only with a restart: browsers may keep the answer a few minutes.
      res.setHeader('Cache-Control', 'public, max-age=300');
      const { legalName, address, hours, hoursFr, hoursAr } = config.shop;
      return { name: legalName, address, hours, hoursFr, hoursAr };
    },
  );
  routes.get(
    '/pricing',
    {
      summary: "The shop's VAT rate for courses without their own and the stamp duty added to every order (TAX_RATE, STAMP_DUTY; issue 52)",
      answer: shopPricingSchema,
      answerHeaders: { 'Cache-Control': z.string().meta({ description: 'public, max-age=300' }) },
    },
    (_input, _req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      return { taxRate: config.pricing.taxRate, stampDuty: config.pricing.stampDuty };
    },
  );
  return router;
}
