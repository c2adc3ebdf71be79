import type {
  Course,
  CourseDetail,
  CourseSort,
  CourseUpdateBody,
  MessageResponse,
  ReviewBody,
} from '@shop/shared';
import { api } from './base';

export interface CourseListArgs {
  keyword?: string;
  Cg?: string;
  filter?: string;
  from?: number;
  to?: number;
  sort?: CourseSort;
  page?: number;
  limit?: number;
}

export interface CoursePage {
  courses: Course[];
  /** X-Total-Count: every course matching the query, over all pages. */
  total: number;
}

/** Query string of GET /api/courses with empty values left out. */
export function courseListParams(args: CourseListArgs): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '' || value === 0) continue;
    params[key] = String(value);
  }
  return params;
}

export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CoursePage, CourseListArgs>({
      query: (args) => ({ url: '/courses', params: courseListParams(args) }),
      transformResponse: (courses: Course[], meta) => ({
        courses,
        total: Number(meta?.response?.headers.get('X-Total-Count') ?? courses.length),
      }),
      providesTags: (result) => [
        { type: 'Course', id: 'LIST' },
        ...(result?.courses.map((c) => ({ type: 'Course' as const, id: c._id })) ?? []),
      ],
    }),
    getCourse: build.query<CourseDetail, string>({
      query: (id) => `/courses/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Course', id }],
    }),
    createCourse: build.mutation<Course, void>({
      query: () => ({ url: '/courses', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Course', id: 'LIST' }],
    }),
    updateCourse: build.mutation<Course, CourseUpdateBody & { _id: string }>({
      query: ({ _id, ...body }) => ({
        url: `/courses/${encodeURIComponent(_id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, error, { _id }) =>
        error
          ? []
          : [
              { type: 'Course', id: _id },
              { type: 'Course', id: 'LIST' },
            ],
    }),
    deleteCourse: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/courses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) =>
        error
          ? []
          : [
              { type: 'Course', id },
              { type: 'Course', id: 'LIST' },
            ],
    }),
    createReview: build.mutation<MessageResponse, ReviewBody & { courseId: string }>({
      query: ({ courseId, ...body }) => ({
        url: `/courses/${encodeURIComponent(courseId)}/reviews`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, error, { courseId }) =>
        error
          ? []
          : [
              { type: 'Course', id: courseId },
              { type: 'Course', id: 'LIST' },
            ],
    }),
  }),
});

export const {
  useGetCoursesQuery,
  useGetCourseQuery,
  useCreateCourseMutation,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useCreateReviewMutation,
} = coursesApi;
