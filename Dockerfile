# The Discord bot. Build: docker build -t agot-bot .   Run: docker run --env-file .env -v agot-data:/data agot-bot
# The code belongs to root and is read-only to the runtime user; only /data (the database) is writable.
# The fonts the boards are drawn with are bundled in assets/fonts (no font package needed).
FROM python:3.11-slim
RUN useradd --create-home --uid 10001 agot && mkdir /data && chown agot /data
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN python -m compileall -q bot engine && chmod -R a-w,a+rX /app
USER agot
ENV AGOT_DB_PATH=/data/agot.sqlite3 AGOT_HEARTBEAT=/tmp/agot-heartbeat PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
VOLUME ["/data"]
# SIGINT is the bot's clean exit (KeyboardInterrupt: the client closes, the database is closed, exit status 0).
STOPSIGNAL SIGINT
# Healthy while the running bot, connected to Discord with its database answering, touches its heartbeat file.
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 CMD ["python", "-m", "bot.health"]
CMD ["python", "-m", "bot"]
