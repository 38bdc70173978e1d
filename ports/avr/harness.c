/*
 * avr/harness.c - runs an AVR port image under libsimavr with stdin on
 * USART0's receive side and USART0's transmit side on stdout, byte-exact.
 *
 *   harness [--mcu atmega2560|atmega328p] [--freq HZ] [--report FILE]
 *           [--max-seconds N] IMAGE.elf
 *
 * simavr's own UART console mangles control bytes and prints its own
 * lines, so the harness takes the bytes from the UART's IRQs instead and
 * keeps fd 1 away from simavr's printf calls (they go to /dev/null; the
 * transcript goes to a duplicate of the original stdout).  Input is fed as
 * the UART's XON/XOFF IRQs allow, so no byte is dropped however long the
 * input; at end of file the harness sends BOARD_EOT (0x04).  While the
 * board waits for a byte its core sleeps, and the harness waits on stdin
 * with it (on_core_sleep): a board at its prompt costs the host nothing.
 * The board's side channel (writes to GPIOR0) goes to --report, its exit
 * code (a write to GPIOR1) becomes the harness's exit status.  Status 5:
 * the simulated core crashed or stopped without an exit code; 6: the
 * --max-seconds budget of simulated time awake ran out; 2: bad usage or
 * image.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_io.h>
#include <avr_uart.h>

#define BOARD_EOT 0x04
#define GPIOR0_ADDR 0x3E
#define GPIOR1_ADDR 0x4A

struct harness {
    avr_t *avr;
    avr_irq_t *uart_in;
    bool xoff;              /* the UART's receive FIFO is full, or the
                                    receiver is not on yet */
    unsigned char in[4096]; /* read from stdin, not yet fed */
    size_t in_len, in_pos;
    bool in_eof; /* stdin ended and BOARD_EOT is queued */
    bool eot_sent;
    unsigned char out[4096]; /* transmitted, not yet written */
    size_t out_len;
    int out_fd;
    FILE *report;
    bool exited;
    int exit_code;
    avr_cycle_count_t asleep; /* cycles the core slept, which
                                 --max-seconds does not count */
};

/* The harness, for on_core_sleep: simavr hands its callback the core alone. */
static struct harness *harness;

static void write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            /* The reader went away: nothing left to deliver to. */
            exit(1);
        }
        p += w;
        n -= (size_t)w;
    }
}

static void flush_out(struct harness *h)
{
    write_all(h->out_fd, h->out, h->out_len);
    h->out_len = 0;
}

static void on_uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    struct harness *h = param;
    (void)irq;
    if (h->out_len == sizeof h->out)
        flush_out(h);
    h->out[h->out_len++] = (unsigned char)value;
}

static void on_uart_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
    struct harness *h = param;
    (void)irq;
    (void)value;
    h->xoff = false;
}

static void on_uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
    struct harness *h = param;
    (void)irq;
    h->xoff = value != 0;
}

static void on_report_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    struct harness *h = param;
    (void)avr;
    (void)addr;
    if (h->report != NULL)
        fputc(v, h->report);
}

static void on_exit_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    struct harness *h = param;
    (void)avr;
    (void)addr;
    h->exited = true;
    h->exit_code = v;
}

/* Reads what stdin has; waits up to timeout_ms for it.  End of file queues
 * BOARD_EOT once. */
static void read_input(struct harness *h, int timeout_ms)
{
    struct pollfd pfd = { 0, POLLIN, 0 };
    ssize_t n;
    if (h->in_eof || h->in_pos < h->in_len)
        return;
    if (poll(&pfd, 1, timeout_ms) <= 0)
        return;
    n = read(0, h->in, sizeof h->in);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    h->in_pos = 0;
    if (n <= 0) {
        h->in[0] = BOARD_EOT;
        h->in_len = 1;
        h->in_eof = true;
        return;
    }
    h->in_len = (size_t)n;
}

/* Hands the UART as many bytes as its FIFO takes. */
static void feed_input(struct harness *h)
{
    while (!h->xoff && h->in_pos < h->in_len) {
        avr_raise_irq(h->uart_in, h->in[h->in_pos++]);
        if (h->in_eof && h->in_pos == h->in_len)
            h->eot_sent = true;
    }
}

static uint64_t monotonic_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Waits until stdin has bytes (or ends), for at most max_cycles of the
 * core's time, or with no bound when unbounded; once stdin has ended, the
 * wait is for the time alone.  Returns the cycles that passed on the wall
 * clock, at most max_cycles when bounded. */
static avr_cycle_count_t wait_for_input(struct harness *h, avr_cycle_count_t max_cycles,
                                        bool unbounded)
{
    uint64_t frequency = h->avr->frequency;
    int timeout_ms = -1;
    uint64_t start = monotonic_ns();
    avr_cycle_count_t passed;
    if (!unbounded) {
        uint64_t ms = max_cycles * 1000u / frequency;
        timeout_ms = ms > 60000u ? 60000 : (int)ms;
    }
    if (h->in_eof)
        poll(NULL, 0, timeout_ms);
    else
        read_input(h, timeout_ms);
    passed = (monotonic_ns() - start) * frequency / 1000000000u;
    return !unbounded && passed > max_cycles ? max_cycles : passed;
}

/* simavr calls this when the core sleeps with interrupts on, with the
 * cycles to its next timer event (1000 when none is due), and adds those
 * cycles and one to the core's clock on return.  simavr's own callback
 * sleeps the host to keep the core's time at wall-clock time, and spins
 * while the core's time is behind; here the core's sleep is where the
 * harness waits for stdin, which alone can wake a core whose one interrupt
 * is the USART's receive (ports/avr/board.c):
 *   - input is queued and the USART takes it: it is fed at once, and no
 *     time passes (the byte's own timer comes next);
 *   - the next event is under a millisecond away (a byte going out or
 *     coming in on the USART): the clock moves to it, with no wait;
 *   - else the replies so far are written out, and the harness waits for
 *     stdin until that event (Timer1's overflow, every 262 ms), or for
 *     ever when none is due.  The core's clock moves on by the time
 *     waited, so that Timer1, the board's clock, counts the wall-clock
 *     time it slept, as on silicon. */
static void on_core_sleep(avr_t *avr, avr_cycle_count_t cycles_to_event)
{
    struct harness *h = harness;
    avr_cycle_count_t passed = cycles_to_event;
    bool timer_due = avr->cycle_timers.timer != NULL;
    if (h->in_pos < h->in_len && !h->xoff) {
        feed_input(h);
        passed = 0;
    } else if (!timer_due || cycles_to_event >= avr->frequency / 1000u) {
        flush_out(h);
        passed = wait_for_input(h, cycles_to_event, !timer_due);
        feed_input(h);
    }
    /* simavr adds cycles_to_event + 1 next: what did not pass is taken off. */
    avr->cycle = avr->cycle - cycles_to_event + passed;
    h->asleep += passed + 1;
}

static void quiet_logger(avr_t *avr, const int level, const char *format, va_list ap)
{
    (void)avr;
    if (level <= LOG_ERROR) {
        fputs("harness: simavr: ", stderr);
        vfprintf(stderr, format, ap);
    }
}

static int usage(void)
{
    fputs(
        "usage: harness [--mcu NAME] [--freq HZ] [--report FILE] [--max-seconds N] IMAGE.elf\n",
        stderr);
    return 2;
}

int main(int argc, char **argv)
{
    static struct harness h;
    const char *mcu = "atmega2560";
    const char *image = NULL;
    const char *report_path = NULL;
    unsigned long freq = 16000000ul;
    unsigned long max_seconds = 600;
    elf_firmware_t firmware;
    uint32_t flags = 0;
    unsigned long steps = 0;
    int devnull, i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mcu") == 0 && i + 1 < argc)
            mcu = argv[++i];
        else if (strcmp(argv[i], "--freq") == 0 && i + 1 < argc)
            freq = strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--report") == 0 && i + 1 < argc)
            report_path = argv[++i];
        else if (strcmp(argv[i], "--max-seconds") == 0 && i + 1 < argc)
            max_seconds = strtoul(argv[++i], NULL, 10);
        else if (argv[i][0] == '-' || image != NULL)
            return usage();
        else
            image = argv[i];
    }
    if (image == NULL || freq == 0)
        return usage();

    /* The transcript keeps the real stdout; simavr's chatter goes nowhere. */
    h.out_fd = dup(1);
    devnull = open("/dev/null", O_WRONLY);
    if (h.out_fd < 0 || devnull < 0 || dup2(devnull, 1) < 0) {
        perror("harness: stdout");
        return 2;
    }
    close(devnull);
    if (report_path != NULL) {
        h.report = fopen(report_path, "w");
        if (h.report == NULL) {
            perror(report_path);
            return 2;
        }
    }

    /* A byte raised before the firmware turns the receiver on is dropped
     * by simavr: wait for the first XON, which comes when the firmware
     * turns it on. */
    h.xoff = true;
    avr_global_logger_set(quiet_logger);
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(image, &firmware) != 0) {
        fprintf(stderr, "harness: cannot read %s\n", image);
        return 2;
    }
    h.avr = avr_make_mcu_by_name(mcu);
    if (h.avr == NULL) {
        fprintf(stderr, "harness: unknown mcu %s\n", mcu);
        return 2;
    }
    avr_init(h.avr);
    harness = &h;
    h.avr->sleep = on_core_sleep;
    h.avr->log = LOG_ERROR;
    avr_load_firmware(h.avr, &firmware);
    h.avr->frequency = (uint32_t)freq;

    /* No console printing, no usleep when the firmware reads the status. */
    avr_ioctl(h.avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    h.uart_in = avr_io_getirq(h.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(h.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            on_uart_output, &h);
    avr_irq_register_notify(avr_io_getirq(h.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            on_uart_xon, &h);
    avr_irq_register_notify(avr_io_getirq(h.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            on_uart_xoff, &h);
    avr_register_io_write(h.avr, GPIOR0_ADDR, on_report_write, &h);
    avr_register_io_write(h.avr, GPIOR1_ADDR, on_exit_write, &h);

    for (;;) {
        int state = avr_run(h.avr);
        if (h.exited)
            break;
        if (state == cpu_Done || state == cpu_Crashed) {
            flush_out(&h);
            fprintf(stderr, "harness: the core stopped without an exit code (state %d)\n",
                    state);
            return 5;
        }
        if ((++steps & 1023u) != 0)
            continue;
        if ((h.avr->cycle - h.asleep) / h.avr->frequency >= max_seconds) {
            flush_out(&h);
            fprintf(stderr, "harness: %lu s of simulated time used up\n", max_seconds);
            return 6;
        }
        if (h.in_pos == h.in_len && h.in_eof && h.out_len > 0)
            flush_out(&h); /* all fed: a board that serves on still answers */
        /* While the core runs, what stdin has now, without waiting: the
         * waits are in on_core_sleep, where the core waits for input. */
        read_input(&h, 0);
        feed_input(&h);
    }
    flush_out(&h);
    if (h.report != NULL)
        fclose(h.report);
    return h.exit_code;
}
