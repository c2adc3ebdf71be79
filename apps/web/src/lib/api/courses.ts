import type {
  Course,
  CourseDetail,
  CourseListQuery,
  CourseUpdateBody,
  MessageResponse,
  ReviewBody,
} from '@shop/shared';
import { courseListParams } from '@shop/shared';
import { api } from './base';
import { pageOf, type Page } from './page';
import { onSuccess } from './tags';

/** The arguments of GET /api/courses (shared: the server preloads the first screens' lists). */
export type CourseListArgs = CourseListQuery;

export type CoursePage = Page<'courses', Course>;

/** Query string of GET /api/courses with empty values left out. */
export { courseListParams };

export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CoursePage, CourseListArgs>({
      query: (args) => ({ url: '/courses', params: courseListParams(args) }),
      transformResponse: (courses: Course[], meta) => pageOf('courses', courses, meta),
      providesTags: (result) => [
        { type: 'Course', id: 'LIST' },
        ...(result?.courses.map((c) => ({ type: 'Course' as const, id: c._id })) ?? []),
      ],
    }),
    getCourse: build.query<CourseDetail, string>({
      query: (id) => `/courses/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Course', id }],
    }),
    /** Admin: courses made with ADD and not saved yet (in no public list). */
    getDraftCourses: build.query<Course[], void>({
      query: () => '/courses/drafts',
      providesTags: [{ type: 'Course', id: 'DRAFTS' }],
    }),
    createCourse: build.mutation<Course, void>({
      query: () => ({ url: '/courses', method: 'POST', body: {} }),
      invalidatesTags: onSuccess(() => [{ type: 'Course', id: 'DRAFTS' }]),
    }),
    updateCourse: build.mutation<Course, CourseUpdateBody & { _id: string }>({
      query: ({ _id, ...body }) => ({
        url: `/courses/${encodeURIComponent(_id)}`,
        method: 'PUT',
        body,
      }),
      // The first save publishes a draft: it leaves the drafts and enters the lists.
      invalidatesTags: onSuccess(({ _id }) => [
        { type: 'Course', id: _id },
        { type: 'Course', id: 'LIST' },
        { type: 'Course', id: 'DRAFTS' },
      ]),
    }),
    deleteCourse: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/courses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [
        { type: 'Course', id },
        { type: 'Course', id: 'LIST' },
        { type: 'Course', id: 'DRAFTS' },
      ]),
    }),
    createReview: build.mutation<MessageResponse, ReviewBody & { courseId: string }>({
      query: ({ courseId, ...body }) => ({
        url: `/courses/${encodeURIComponent(courseId)}/reviews`,
        method: 'POST',
        body,
      }),
      invalidatesTags: onSuccess(({ courseId }) => [
        { type: 'Course', id: courseId },
        { type: 'Course', id: 'LIST' },
      ]),
    }),
  }),
});

export const {
  useGetCoursesQuery,
  useGetCourseQuery,
  useGetDraftCoursesQuery,
  useCreateCourseMutation,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useCreateReviewMutation,
} = coursesApi;
