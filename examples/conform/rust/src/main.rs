//! A small program of rusty_claw for protocheck conform: one prompt through
//! the SDK's ClaudeClient (streaming mode: the CLI's stdin stays open for
//! the turn, so the SDK can answer its control requests), the CLI found at
//! $PROTOCHECK_CLI (cli_path). It prints the kind of each message the SDK
//! gives and exits 0 once a result came, 1 when none did or the SDK gave
//! an error.
use rusty_claw::client::ClaudeClient;
use rusty_claw::messages::Message;
use rusty_claw::options::ClaudeAgentOptions;
use tokio_stream::StreamExt;

#[tokio::main]
async fn main() {
    let cli = std::env::var("PROTOCHECK_CLI").unwrap_or_default();
    let options = ClaudeAgentOptions::builder().cli_path(cli).max_turns(1).build();
    std::process::exit(match run(options).await {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("the SDK gave an error: {e}");
            1
        }
    });
}

async fn run(options: ClaudeAgentOptions) -> Result<(), rusty_claw::error::ClawError> {
    let mut client = ClaudeClient::new(options)?;
    client.connect().await?;
    let mut stream = client.send_message("hello").await?;
    while let Some(m) = stream.next().await {
        match m? {
            Message::Result(_) => {
                println!("result");
                return Ok(());
            }
            Message::System(_) => println!("system"),
            Message::Assistant(_) => println!("assistant"),
            Message::User(_) => println!("user"),
            _ => println!("other"),
        }
    }
    Err(rusty_claw::error::ClawError::Connection("the messages ended before a result".into()))
}
