import { z } from '../zod.js';
import {
  AVAILABILITY_MAX,
  COURSE_IMAGES_MAX,
  COURSE_SORTS,
  DESCRIPTION_MAX,
  KEYWORD_MAX,
  REVIEW_COMMENT_MAX,
  SIZES,
} from '../constants.js';
import { CATEGORIES, matchCategories, matchCategory, type Category } from '../categories.js';
import { MESSAGES } from '../messages.js';
import { COURSE_TAX_RATES } from '../money.js';
import { nextSessionSchema, sessionSchema } from './sessions.js';
import { moneySchema, pageQuerySchema } from './common.js';

/** A category text (trimmed, 1 to 50 characters) that `match` turns into its value, or a 400. */
const matchedCategoryText = <T>(match: (value: string) => T | undefined) =>
  z
    .string()
    .trim()
    .min(1, 'Category is empty')
    .max(50)
    .transform((value, ctx): T => {
      const matched = match(value);
      if (matched === undefined) {
        ctx.addIssue({ code: 'custom', message: `Unknown category: ${value}` });
        return z.NEVER;
      }
      return matched;
    });

/** A category value typed by a person or a link: matched to the table, or a 400. */
export const categoryInputSchema = matchedCategoryText(matchCategory);

/**
 * A `Cg` / `filter` query value: a category or a category group, as the list of categories a
 * course may have (any of them) to match; a value naming neither is a 400.
 */
export const categoryQuerySchema = matchedCategoryText((value): Category[] | undefined => {
  const categories = matchCategories(value);
  return categories && [...categories];
});

const queryNumber = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, `${label} must be a number of 0 or more`)
    .transform(Number);

/** Query string of `GET /api/courses` (docs/api.md#catalogue). Every value arrives as a string. */
export const courseQuerySchema = z
  .object({
    keyword: z
      .string()
      .trim()
      .max(KEYWORD_MAX, `keyword must be at most ${KEYWORD_MAX} characters`)
      .optional(),
    Cg: categoryQuerySchema.optional(),
    filter: categoryQuerySchema.optional(),
    from: queryNumber('from').optional(),
    to: queryNumber('to').optional(),
    sort: z
      .enum(COURSE_SORTS, { error: `sort must be one of ${COURSE_SORTS.join(', ')}` })
      .optional(),
    ...pageQuerySchema.shape,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: MESSAGES.priceRangeReversed,
    path: ['from'],
  });
export type CourseQuery = z.infer<typeof courseQuerySchema>;

const imageUrl = z
  .string()
  .trim()
  .min(1, 'Image URL is empty')
  .max(2000, 'Image URL is too long')
  .refine(
    (v) => /^(https?:\/\/|\/)/.test(v),
    'Image must be an http(s) URL or a path starting with /',
  );

const translatedName = z.string().trim().max(200, 'Name must be at most 200 characters');
const translatedDescription = z
  .string()
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`);

/** Body of the admin `PUT /api/courses/{id}`; accepts `images` or the client's `Images`. */
export const courseUpdateBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(200, 'Name must be at most 200 characters')
      .optional(),
    price: moneySchema.optional(),
    images: z
      .array(imageUrl)
      .max(COURSE_IMAGES_MAX, `At most ${COURSE_IMAGES_MAX} images`)
      .optional(),
    Images: z
      .array(imageUrl)
      .max(COURSE_IMAGES_MAX, `At most ${COURSE_IMAGES_MAX} images`)
      .optional(),
    category: z.array(categoryInputSchema).max(CATEGORIES.length).optional(),
    sizes: z
      .array(z.enum(SIZES, { error: `Sizes are ${SIZES.join(', ')}` }))
      .max(SIZES.length)
      .optional(),
    availability: z
      .number({ error: 'Availability must be a number' })
      .int('Availability must be a whole number')
      .min(0, 'Availability must be 0 or more')
      .max(AVAILABILITY_MAX)
      .optional(),
    /**
     * The seats left the editor started from (issue 31): equal to `availability`, the seats
     * are not written; otherwise the save is refused (409 SEATS_CHANGED) unless they are
     * still this many.
     */
    availabilityWas: z
      .number({ error: 'availabilityWas must be a number' })
      .int('availabilityWas must be a whole number')
      .min(0, 'availabilityWas must be 0 or more')
      .max(AVAILABILITY_MAX)
      .optional(),
    description: z
      .string()
      .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
      .optional(),
    /** French and Arabic name and description (issue 18); '' shows the main text. */
    nameFr: translatedName.optional(),
    nameAr: translatedName.optional(),
    descriptionFr: translatedDescription.optional(),
    descriptionAr: translatedDescription.optional(),
    /** The course's VAT rate (issue 52): 0, 7, 13 or 19; null for the shop's `TAX_RATE`. */
    taxRate: z
      .union([z.literal(COURSE_TAX_RATES), z.null()], { error: `Tax rate must be one of ${COURSE_TAX_RATES.join(', ')} or null` })
      .optional()
      .meta({ description: "0, 7, 13 or 19 (percent); null: the shop's TAX_RATE" }),
  })
  .transform(({ Images, images, category, sizes, ...rest }) => ({
    ...rest,
    ...((images ?? Images) ? { images: images ?? Images } : {}),
    ...(category ? { category: [...new Set(category)] } : {}),
    ...(sizes ? { sizes: [...new Set(sizes)] } : {}),
  }));
export type CourseUpdateBody = z.input<typeof courseUpdateBodySchema>;

/** 409 of `PUT /api/courses/{id}` when `availabilityWas` is not the seats left now (issue 31). */
export const seatsChangedErrorSchema = z.object({
  message: z.string(),
  code: z.literal('SEATS_CHANGED'),
  /** The seats left now. */
  availability: z.number().int(),
});
export type SeatsChangedError = z.infer<typeof seatsChangedErrorSchema>;
export type CourseUpdate = z.output<typeof courseUpdateBodySchema>;

export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  /** A child account's review shows its first name only. */
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  user: z.string().nullable(),
  createdAt: z.string(),
  /** The reviewer has a paid or learned order of the course (shown as "Verified learner"). */
  verified: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const courseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  description: z.string(),
  /** The name and description in French and Arabic; '' when the course has none (issue 18). */
  nameFr: z.string(),
  nameAr: z.string(),
  descriptionFr: z.string(),
  descriptionAr: z.string(),
  images: z.array(z.string()),
  category: z.array(z.string()),
  sizes: z.array(z.string()),
  availability: z.number().int(),
  /** The course's VAT rate in percent (issue 52): 0, 7, 13 or 19; null when it is the shop's `TAX_RATE`. */
  taxRate: z.number().nullable().optional(),
  rating: z.number(),
  numReviews: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only on drafts (ADD, not saved yet), which only admins see: `true`. */
  isDraft: z.literal(true).optional(),
  /** In `GET /api/courses` (issue 33): the soonest session not ended nor cancelled, or null. */
  nextSession: nextSessionSchema.nullable().optional(),
});
export type Course = z.infer<typeof courseSchema>;

/** The course page: its reviews and its sessions not ended nor cancelled, soonest first (issue 33). */
export const courseDetailSchema = courseSchema.extend({ reviews: z.array(reviewSchema), sessions: z.array(sessionSchema) });
export type CourseDetail = z.infer<typeof courseDetailSchema>;
